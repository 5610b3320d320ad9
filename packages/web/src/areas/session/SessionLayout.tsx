import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BootSpin } from '../../components/BootSpin';
import { Copyright } from '../../components/Copyright';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';

/**
 * The frame of /login, /sign-up and /forget-pass: language switch, logo, the form, copyright footer. Without
 * children it shows the matched session page; a visitor's 404 page passes itself as the child. Plain elements
 * (app/plain.css): a visitor's pages load no antd (issue 35).
 */
export default function SessionLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['session', 'common']);
  const appName = t('common:appName');
  useEffect(() => {
    document.title = appName;
  }, [appName]);

  return (
    <div className="pl pl-session">
      <header className="pl-session-top">
        <LanguageSwitch />
      </header>
      <main className="pl-session-main">
        <Logo size={44} />
        <p className="pl-secondary pl-tagline">{t('tagline')}</p>
        <div className="pl-session-column">
          <Suspense fallback={<BootSpin />}>{children ?? <Outlet />}</Suspense>
        </div>
      </main>
      <footer className="pl-session-footer">
        <Copyright />
      </footer>
    </div>
  );
}

/** The white card of a session page, its title the page's heading. */
export function SessionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pl-card" aria-labelledby="session-card-title">
      <h1 id="session-card-title" className="pl-card-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
