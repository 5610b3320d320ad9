import type { ReactNode } from 'react';
import {
  BellOutlined,
  EyeOutlined,
  GlobalOutlined,
  HomeOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SecurityScanOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { ALL_ROLES, Role, STAFF_ROLES, hasRole } from '@portal/contract/shell';
import type { MenuKey } from '../platform/i18n';

interface MenuEntry {
  /** A page's path, or a group's key. */
  path: string;
  label: MenuKey;
  /** Spec 2.2: the entry shows if (user_role & roles) != 0; a group also needs a visible child. */
  roles: number;
  icon?: ReactNode;
  children?: MenuEntry[];
}

export const NOTICE_PATH = '/notice';

const { CLIENT, ANALYST, ADMIN } = Role;

/** Spec 2.2, in its order. */
const menu: readonly MenuEntry[] = [
  { path: '/home', label: 'home', roles: ALL_ROLES, icon: <HomeOutlined /> },
  {
    path: 'online',
    label: 'online',
    roles: CLIENT | ANALYST,
    icon: <GlobalOutlined />,
    children: [
      { path: '/online-dashboard', label: 'onlineDashboard', roles: CLIENT | ANALYST },
      { path: '/takedown-acceptance', label: 'takedownAcceptance', roles: CLIENT | ANALYST },
      { path: '/ec-list', label: 'ecList', roles: CLIENT | ANALYST },
      { path: '/sns-list', label: 'snsList', roles: CLIENT | ANALYST },
      { path: '/ws-list', label: 'wsList', roles: CLIENT | ANALYST },
      { path: '/seller-networks', label: 'sellerNetworks', roles: CLIENT | ANALYST },
    ],
  },
  { path: '/analyst-offline-services', label: 'analystOffline', roles: STAFF_ROLES, icon: <ShopOutlined /> },
  { path: '/client-offline-services', label: 'clientOffline', roles: CLIENT, icon: <ShopOutlined /> },
  {
    path: 'legal',
    label: 'legal',
    roles: ALL_ROLES,
    icon: <SafetyCertificateOutlined />,
    children: [
      { path: '/search-trademark', label: 'searchTrademark', roles: ALL_ROLES },
      { path: '/trademark/registration', label: 'trademarkRegistration', roles: CLIENT },
      { path: '/request-trademark-progress', label: 'trademarkProgress', roles: ALL_ROLES },
      { path: '/update-trademark', label: 'updateTrademark', roles: ALL_ROLES },
      { path: '/trademark-reject-report', label: 'trademarkReject', roles: ALL_ROLES },
      { path: '/trademark-change', label: 'trademarkChange', roles: ALL_ROLES },
      { path: '/trademark-protect', label: 'trademarkProtect', roles: ALL_ROLES },
      { path: '/trademark-failed-reason', label: 'trademarkFailed', roles: ALL_ROLES },
      { path: '/case-management', label: 'caseManagement', roles: ALL_ROLES },
      { path: '/trademark', label: 'trademark', roles: CLIENT | ANALYST },
    ],
  },
  { path: '/biz-support', label: 'bizSupport', roles: ALL_ROLES, icon: <SolutionOutlined /> },
  { path: '/test-purchase', label: 'testPurchase', roles: STAFF_ROLES, icon: <ShoppingCartOutlined /> },
  { path: '/news', label: 'news', roles: ALL_ROLES, icon: <ReadOutlined /> },
  { path: NOTICE_PATH, label: 'notice', roles: ALL_ROLES, icon: <BellOutlined /> },
  { path: '/task/ec-crawler-task', label: 'crawlerTask', roles: STAFF_ROLES, icon: <RobotOutlined /> },
  { path: '/analyst/watches', label: 'watches', roles: STAFF_ROLES, icon: <EyeOutlined /> },
  { path: '/domain-watch', label: 'domainWatch', roles: ALL_ROLES, icon: <SecurityScanOutlined /> },
  {
    path: 'settings',
    label: 'settings',
    roles: ALL_ROLES,
    icon: <SettingOutlined />,
    children: [
      { path: '/profile', label: 'profile', roles: ALL_ROLES },
      { path: '/data-setting', label: 'dataSetting', roles: CLIENT },
      { path: '/webhooks', label: 'webhooks', roles: CLIENT | ANALYST },
      { path: '/manage/user', label: 'manageUser', roles: ADMIN },
      { path: '/manage/client', label: 'manageClient', roles: STAFF_ROLES },
      { path: '/manage/analyst', label: 'manageAnalyst', roles: ADMIN },
      { path: '/manage/exchange-rate', label: 'exchangeRates', roles: ADMIN },
      { path: '/analyst/ec-site', label: 'ecSite', roles: ANALYST },
      { path: '/analyst/infringement-category', label: 'infringementCategory', roles: ANALYST },
    ],
  },
];

/** An entry of the menu a user sees: a page (linked by its path) or a group (keyed, not linked). */
export interface MenuItem {
  key: string;
  name: string;
  icon?: ReactNode;
  /** Only on groups, never empty. */
  children?: MenuItem[];
}

/** The menu a user sees; groups vanish when empty. */
export function menuFor(userRole: number, label: (key: MenuKey) => string): MenuItem[] {
  const build = (entries: readonly MenuEntry[]): MenuItem[] =>
    entries
      .filter((entry) => hasRole(userRole, entry.roles))
      .flatMap((entry): MenuItem[] => {
        if (!entry.children) return [{ key: entry.path, name: label(entry.label), icon: entry.icon }];
        const children = build(entry.children);
        return children.length ? [{ key: entry.path, name: label(entry.label), icon: entry.icon, children }] : [];
      });
  return build(menu);
}

/**
 * The page entry to highlight for an address and the group it is in: the entry whose path is the longest prefix of
 * the address (a record's detail lights its list; /trademark/registration its own entry, not /trademark).
 */
export function menuSelection(items: readonly MenuItem[], pathname: string): { selected?: string; group?: string } {
  let best: { selected?: string; group?: string } = {};
  const visit = (entries: readonly MenuItem[], group?: string) => {
    for (const entry of entries) {
      if (entry.children) visit(entry.children, entry.key);
      else if ((pathname === entry.key || pathname.startsWith(`${entry.key}/`)) && entry.key.length > (best.selected?.length ?? 0)) {
        best = { selected: entry.key, group };
      }
    }
  };
  visit(items);
  return best;
}
