import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ui/lib/format-bytes';
import { useUnfinishedUploads } from './data/use-unfinished-uploads';

/** Uploads a reload interrupted: choosing the same file again sends only its missing parts. */
export function UnfinishedUploads() {
  const { t } = useTranslation();
  const { list, discard } = useUnfinishedUploads();
  if (list.length === 0) return null;
  return (
    <section className="recent-uploads" aria-labelledby="unfinished-uploads-title">
      <h2 id="unfinished-uploads-title" className="section-title">
        {t('upload.unfinished.title')}
      </h2>
      <p className="notice">{t('upload.unfinished.hint')}</p>
      <ul className="recent-uploads__list">
        {list.map((item) => (
          <li key={item.fileId}>
            {item.filename} <span className="upload-row__size">{formatBytes(item.size)}</span>{' '}
            <button
              type="button"
              className="button"
              onClick={() => discard(item)}
              aria-label={t('upload.unfinished.discardNamed', { name: item.filename })}
            >
              {t('upload.unfinished.discard')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
