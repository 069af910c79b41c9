import { useTranslation } from 'react-i18next';
import { REPOSITORY_URL } from '@ui/lib/repository-url';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      <a href={REPOSITORY_URL} target="_blank" rel="noopener noreferrer">
        {t('footer.source')}
      </a>
    </footer>
  );
}
