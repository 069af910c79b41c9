import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { formatBytes } from '@ui/lib/format-bytes';
import { watchRecentUploads, type RecentUpload } from './recent-uploads-store';

/** The last three uploads from this browser, kept locally. */
export function RecentUploads() {
  const { t } = useTranslation();
  const [list, setList] = useState<RecentUpload[]>([]);
  useEffect(() => watchRecentUploads(setList), []);

  return (
    <section className="recent-uploads" aria-labelledby="recent-uploads-title">
      <h2 id="recent-uploads-title" className="section-title">
        {t('upload.recent.title')}
      </h2>
      {list.length === 0 ? (
        <p className="notice">{t('upload.recent.empty')}</p>
      ) : (
        <ul className="recent-uploads__list">
          {list.map((item) => (
            <li key={item.slug}>
              <Link to="/file/$slug" params={{ slug: item.slug }}>
                {item.filename}
              </Link>{' '}
              <span className="upload-row__size">{formatBytes(item.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
