import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark';
import { LanguageSelect } from './language-select';
import { ThemeButton } from './theme-button';

/**
 * The site header: brand, the four main links (a disclosure menu on phones) and `session` (an
 * API-key session's logout) after them, `tools` (the task and basket buttons), theme and language.
 */
export function TopNav({ tools, session }: { tools?: ReactNode; session?: ReactNode } = {}) {
  const { t } = useTranslation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);

  if (open && pathname !== openedAt) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const toggle = () => {
    setOpenedAt(pathname);
    setOpen(!open);
  };

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="brand">
          <BrandMark />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="main-nav" data-open={open}>
          <ul id={menuId} className="main-nav__list">
            <li>
              <Link to="/" className="main-nav__link" activeOptions={{ exact: true }}>
                {t('nav.home')}
              </Link>
            </li>
            <li>
              <Link to="/upload" className="main-nav__link">
                {t('nav.upload')}
              </Link>
            </li>
            <li>
              <Link to="/mount-explorer" className="main-nav__link">
                {t('nav.mountExplorer')}
              </Link>
            </li>
            <li>
              <Link to="/admin" className="main-nav__link">
                {t('nav.admin')}
              </Link>
            </li>
            {session && <li>{session}</li>}
          </ul>
        </nav>
        <div className="site-header__tools">
          {tools}
          <ThemeButton />
          <LanguageSelect />
          <button
            ref={toggleRef}
            type="button"
            className="icon-button menu-toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={toggle}
          >
            <span className="menu-toggle__bars" aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}
