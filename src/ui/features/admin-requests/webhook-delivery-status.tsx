import { useTranslation } from 'react-i18next';
import type { FileRequestView } from '@shared/api/file-request.schema';
import { formatDateTime } from '@ui/lib/format-date-time';

/** Where the request's latest webhook delivery stands: delivered, waiting for its next attempt, or given up. */
export function WebhookDeliveryStatus({ request }: { request: FileRequestView }) {
  const { t, i18n } = useTranslation();
  if (request.webhook_url === null) return null;
  const delivery = request.webhook_delivery;
  let text: string;
  if (delivery === null) text = t('requests.webhook.none');
  else {
    const files = t('requests.webhook.files', { count: delivery.file_count });
    const common = { files, max: delivery.max_attempts, error: delivery.last_error ?? '—' };
    const at = (value: string | null) => formatDateTime(value, i18n.language, '—');
    if (delivery.status === 'delivered')
      text = t('requests.webhook.delivered', { ...common, when: at(delivery.delivered_at) });
    else if (delivery.status === 'failed')
      text = t('requests.webhook.failed', { ...common, when: at(delivery.last_attempt_at) });
    else if (delivery.attempts === 0) text = t('requests.webhook.queued', common);
    else
      text = t('requests.webhook.pending', {
        ...common,
        attempts: delivery.attempts,
        when: at(delivery.next_attempt_at),
      });
  }
  return (
    <section aria-labelledby="request-webhook-title">
      <h3 id="request-webhook-title">{t('requests.webhook.title')}</h3>
      <p data-testid="webhook-delivery" data-status={delivery?.status ?? 'none'} className="webhook-delivery">
        {text}
      </p>
    </section>
  );
}
