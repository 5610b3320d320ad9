import { Suspense, cloneElement, isValidElement, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Badge } from 'antd';
import { ProLayout } from '@ant-design/pro-components';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Copyright } from '../components/Copyright';
import { Logo } from '../components/Logo';
import { PageSpin } from '../components/PageSpin';
import { useUnviewedNoticeCount } from '../areas/notices/unviewed';
import { AntdProviders } from './AntdProviders';
import { antdLocaleReady } from './antdLocale';
import { BreadcrumbBar } from './BreadcrumbBar';
import { HeaderBar } from './HeaderBar';
import { useCurrentRoute } from './currentRoute';
import { NOTICE_PATH, menuFor } from './menu';
import { useUser } from '../platform/session';

/** Resolves when antd's texts of the current language are in: app/routes.tsx shows the shell after it. */
export const ready = antdLocaleReady;

/** The signed-in shell with antd's providers (the sign-in pages have neither: issue 35). */
export default function Layout() {
  return (
    <AntdProviders>
      <Shell />
    </AntdProviders>
  );
}

/** Side menu (256 wide, collapsible), header, breadcrumb, then the page. */
function Shell() {
  const { t } = useTranslation(['menu', 'common']);
  const user = useUser();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const unviewed = useUnviewedNoticeCount();
  const route = useMemo(
    () => ({ path: '/', children: menuFor(user.user_role, (key) => t(key)) }),
    [user.user_role, t],
  );
  useDocumentTitle();

  return (
    <>
      <SkipLink />
      <ProLayout
        layout="side"
        siderWidth={256}
        fixSiderbar
        collapsed={collapsed}
        onCollapse={setCollapsed}
        location={{ pathname }}
        route={route}
        menu={{ locale: false }}
        pageTitleRender={false}
        menuHeaderRender={(_logo, _title, props) => (
          <Link to="/home">
            <Logo collapsed={props?.collapsed} />
          </Link>
        )}
        menuItemRender={(item, dom) =>
          item.path === NOTICE_PATH && !collapsed ? (
            // The title is a block: lay it out with the badge on one line, the count at the right end.
            <Link to={item.path} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              {dom}
              <Badge count={unviewed} size="small" data-testid="notice-badge" />
            </Link>
          ) : (
            <Link to={item.path ?? '/'}>{dom}</Link>
          )
        }
        contentStyle={{ padding: 0 }}
        // ProLayout's collapse handle is a click-only div: the keyboard reaches and presses it as a button.
        collapsedButtonRender={(_collapsed, dom) =>
          isValidElement<HTMLAttributes<HTMLElement> & { 'data-testid'?: string }>(dom)
            ? cloneElement(dom, {
                role: 'button',
                tabIndex: 0,
                'aria-label': t(collapsed ? 'common:menuExpand' : 'common:menuCollapse'),
                'aria-expanded': !collapsed,
                'data-testid': 'menu-collapse',
                onKeyDown: (event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  setCollapsed(!collapsed);
                },
              })
            : dom
        }
      >
        <HeaderBar />
        <BreadcrumbBar />
        <div id={MAIN_CONTENT} tabIndex={-1} style={{ padding: 24 }}>
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </div>
        <footer style={{ display: 'flex', justifyContent: 'center', padding: '0 24px 24px' }}>
          <Copyright />
        </footer>
      </ProLayout>
    </>
  );
}

const MAIN_CONTENT = 'main-content';

/**
 * WCAG 2.4.1: the first stop of the Tab key skips the side menu, the header and the breadcrumb. Focus is moved by
 * hand: a #fragment would go through the router and stay in the address.
 */
function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT}`}
      className="skip-link"
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT)?.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}

/** "<page> | <product>" in the tab, in the current language. */
function useDocumentTitle(): void {
  const { t } = useTranslation(['menu', 'common']);
  const route = useCurrentRoute();
  const title = route ? `${t(route.title)} | ${t('common:appName')}` : t('common:appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
