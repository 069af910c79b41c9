import { useTranslation } from 'react-i18next';
import { ShareLink } from '@ui/components/share-link';

/**
 * The share link of one finished upload, in the app's one share box. An encrypted upload's link
 * ends with its key (`#k=…`), which is kept nowhere else: the visitor is told to copy it now.
 */
export function ShareResult({ slug, url }: { slug: string; url: string }) {
  const { t } = useTranslation();
  const at = url.indexOf('#');
  const key = at === -1 ? '' : url.slice(at);
  return (
    <>
      <ShareLink
        url={`${window.location.origin}/file/${encodeURIComponent(slug)}${key}`}
        label={t('upload.share.link')}
      />
      {key !== '' && <p className="field__hint">{t('upload.share.keyNote')}</p>}
    </>
  );
}
