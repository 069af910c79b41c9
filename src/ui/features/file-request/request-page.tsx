import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicFileRequest } from '@shared/api/file-request.schema';
import { PasswordPrompt } from '@ui/components/password-prompt';
import { ResourceStatus } from '@ui/components/resource-status';
import { TextField } from '@ui/components/text-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { RequestFileList, RequestReceipt } from './request-file-list';
import { RequestPicker } from './request-picker';
import { batchToken, unfinishedCount } from './request-resume-store';
import { useRequestPasswordCheck, usePublicRequest } from './request-data';
import { useRequestUploads } from './use-request-uploads';
import './file-request.css';

/**
 * /request/:slug: anyone with the link sends files into the owner's folder. The page shows the
 * request's title, message and limits, never what the folder holds.
 */
export function RequestPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const resource = usePublicRequest(slug);
  const [unlocked, setUnlocked] = useState<PublicFileRequest | null>(null);
  const loaded = unlocked ?? (resource.state.status === 'ready' ? resource.state.data : null);
  useDocumentTitle(loaded?.title ?? t('fileRequest.title'));

  if (resource.state.status === 'error' && resource.state.error.kind === 'not-found')
    return <RequestClosed reason="notFound" />;

  return (
    <section className="page request-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {loaded?.title ?? t('fileRequest.title')}
      </h1>
      <ResourceStatus state={resource.state} onRetry={resource.reload}>
        {(answer) => {
          const shown = unlocked ?? answer;
          if (shown.state === 'closed' || shown.state === 'expired') return <RequestClosed reason={shown.state} bare />;
          if (shown.requires_password && unlocked === null)
            return <RequestPassword slug={slug} onVerified={setUnlocked} />;
          return <RequestForm slug={slug} request={shown} />;
        }}
      </ResourceStatus>
    </section>
  );
}

function RequestClosed({ reason, bare = false }: { reason: 'notFound' | 'closed' | 'expired'; bare?: boolean }) {
  const { t } = useTranslation();
  const text = (
    <p className="notice" role="alert">
      {t(`fileRequest.unavailable.${reason}`)}
    </p>
  );
  if (bare) return text;
  return (
    <section className="page request-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('fileRequest.title')}
      </h1>
      {text}
    </section>
  );
}

function RequestPassword({ slug, onVerified }: { slug: string; onVerified: (answer: PublicFileRequest) => void }) {
  const { t } = useTranslation();
  const check = useRequestPasswordCheck(slug);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      onVerified(await check(password));
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
      setBusy(false);
    }
  };
  const text = {
    title: t('fileRequest.password.title'),
    intro: t('fileRequest.password.intro'),
    label: t('fileRequest.password.label'),
    required: t('fileRequest.password.required'),
    submit: t('fileRequest.password.submit'),
    busy: t('fileRequest.password.busy'),
  };
  return <PasswordPrompt text={text} busy={busy} error={error} onSubmit={(password) => void submit(password)} />;
}

function RequestForm({ slug, request }: { slug: string; request: PublicFileRequest }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [token] = useState(() => batchToken(slug, request.upload_token, request.token_expires_at));
  const { files, add, receipts, hashing } = useRequestUploads(slug, token, name);
  const [unfinished] = useState(() => unfinishedCount(slug));
  const needsName = request.require_name && name.trim() === '';
  const limits = [
    request.max_files === null
      ? null
      : t('fileRequest.limits.files', { count: request.files_left ?? 0, max: request.max_files }),
    request.max_total_bytes === null
      ? null
      : t('fileRequest.limits.total', {
          left: formatBytes(request.bytes_left ?? 0),
          max: formatBytes(request.max_total_bytes),
        }),
    request.max_file_bytes === null
      ? null
      : t('fileRequest.limits.perFile', { size: formatBytes(request.max_file_bytes) }),
    request.allowed_types === null ? null : t('fileRequest.limits.types', { types: request.allowed_types.join(', ') }),
    request.expires_at === null
      ? null
      : t('fileRequest.limits.expires', { when: formatDateTime(Date.parse(request.expires_at), i18n.language) }),
  ].filter((line): line is string => line !== null);

  return (
    <div className="request-form">
      {request.message !== null && request.message !== '' && <p className="request-form__message">{request.message}</p>}
      {limits.length > 0 && (
        <ul className="request-form__limits" aria-label={t('fileRequest.limits.label')}>
          {limits.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {request.state === 'paused' ? (
        <p className="notice" role="alert">
          {t('fileRequest.unavailable.paused')}
        </p>
      ) : (
        <>
          <TextField
            label={request.require_name ? t('fileRequest.name.required') : t('fileRequest.name.optional')}
            value={name}
            maxLength={64}
            autoComplete="name"
            onChange={(event) => setName(event.target.value)}
          />
          {unfinished > 0 && files.length === 0 && (
            <p className="notice" role="note">
              {t('fileRequest.resume', { count: unfinished })}
            </p>
          )}
          {needsName ? (
            <p className="request-form__hint">{t('fileRequest.name.first')}</p>
          ) : (
            <RequestPicker onFiles={add} />
          )}
          <RequestFileList files={files} />
          <RequestReceipt files={files} receipts={receipts} hashing={hashing} />
        </>
      )}
    </div>
  );
}
