import { Suspense, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Layout as AntLayout, Menu, theme, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
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
import { NOTICE_PATH, menuFor, menuSelection, type MenuItem } from './menu';
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

const SIDER_WIDTH = 256;
const SIDER_COLLAPSED_WIDTH = 80;

/**
 * Side menu (256 wide, collapsible, staying in view while the page scrolls), header, breadcrumb, then the page.
 * antd's Layout and Menu, not ProLayout: ProLayout and what it brings weigh 58 kB on every signed-in page (issue 35,
 * docs/benchmarks.md).
 */
function Shell() {
  const { t } = useTranslation(['menu', 'common']);
  const { token } = theme.useToken();
  const user = useUser();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const unviewed = useUnviewedNoticeCount();
  const entries = useMemo(() => menuFor(user.user_role, (key) => t(key)), [user.user_role, t]);
  const { selected, group } = menuSelection(entries, pathname);
  // Opening a page opens its group and folds the others; between pages a person opens and folds groups freely.
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  useEffect(() => setOpenKeys(group ? [group] : []), [pathname, group]);
  useDocumentTitle();

  const items = useMemo(() => {
    const toItems = (list: readonly MenuItem[]): NonNullable<MenuProps['items']> =>
      list.map((entry) =>
        entry.children
          ? { key: entry.key, icon: entry.icon, label: entry.name, children: toItems(entry.children) }
          : { key: entry.key, icon: entry.icon, label: <MenuLink entry={entry} badge={entry.key === NOTICE_PATH && !collapsed ? unviewed : undefined} /> },
      );
    return toItems(entries);
  }, [entries, collapsed, unviewed]);

  return (
    <>
      <SkipLink />
      <AntLayout hasSider style={{ minHeight: '100vh' }}>
        {/* The white column runs the page's whole height; the menu in it stays in view while the page scrolls. */}
        <div style={{ flex: 'none', background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}>
          <AntLayout.Sider
            theme="light"
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
          >
            <Link
              to="/home"
              aria-label={collapsed ? t('common:appName') : undefined}
              style={{ display: 'flex', alignItems: 'center', justifyContent: collapsed ? 'center' : 'flex-start', height: 56, padding: collapsed ? 0 : '0 24px' }}
            >
              <Logo collapsed={collapsed} />
            </Link>
            <nav aria-label={t('common:mainMenu')}>
              <Menu
                mode="inline"
                items={items}
                selectedKeys={selected ? [selected] : []}
                // Collapsed, the groups open as flyouts on hover and keep no open state of their own.
                {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
                style={{ borderInlineEnd: 'none' }}
              />
            </nav>
          </AntLayout.Sider>
        </div>
        <AntLayout style={{ minWidth: 0 }}>
          <HeaderBar>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={t(collapsed ? 'common:menuExpand' : 'common:menuCollapse')}
              aria-expanded={!collapsed}
              data-testid="menu-collapse"
              onClick={() => setCollapsed(!collapsed)}
            />
          </HeaderBar>
          <BreadcrumbBar />
          <main id={MAIN_CONTENT} tabIndex={-1} style={{ flex: 1, padding: 24 }}>
            <Suspense fallback={<PageSpin />}>
              <Outlet />
            </Suspense>
          </main>
          <footer style={{ display: 'flex', justifyContent: 'center', padding: '0 24px 24px' }}>
            <Copyright />
          </footer>
        </AntLayout>
      </AntLayout>
    </>
  );
}

/** A page's entry; the notices' shows the unread count at the right end of the line. */
function MenuLink({ entry, badge }: { entry: MenuItem; badge?: number }) {
  if (badge === undefined) return <Link to={entry.key}>{entry.name}</Link>;
  return (
    <Link to={entry.key} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
      {entry.name}
      <Badge count={badge} size="small" data-testid="notice-badge" />
    </Link>
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
