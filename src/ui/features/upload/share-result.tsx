import { useTranslation } from 'react-i18next';
import { ShareLink } from '@ui/components/share-link';

/** The share link of one finished upload, in the app's one share box. */
export function ShareResult({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <ShareLink url={`${window.location.origin}/file/${encodeURIComponent(slug)}`} label={t('upload.share.link')} />
  );
}
