import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ALL_ROLES, Role, STAFF_ROLES, hasRole } from '@portal/contract/shell';
import type { MenuKey } from '../platform/i18n';

/** Every page is its own chunk (React.lazy). */
const Profile = lazy(() => import('../areas/profile/ProfilePage'));
const ResetPassword = lazy(() => import('../areas/profile/ResetPasswordPage'));
/** The add and the detail page of a trademark share one form. */
const TrademarkForm = lazy(() => import('../areas/trademarks/TrademarkFormPage'));
const RequestList = lazy(() => import('../areas/service-requests/RequestListPage'));
export const NotFound = lazy(() => import('../areas/shell/NotFoundPage'));
export const MembersOnly = lazy(() => import('../areas/shell/MembersOnlyPage'));
/** The `handle` of the catch-all route: an address that matches no route, for signed-in users and visitors. */
export const NOT_FOUND_HANDLE = { notFound: true } as const;
export const Login = lazy(() => import('../areas/session/LoginPage'));
export const SignUp = lazy(() => import('../areas/session/SignUpPage'));
export const ForgetPass = lazy(() => import('../areas/session/ForgetPassPage'));
export const Accessibility = lazy(() => import('../areas/shell/AccessibilityPage'));

export interface PageRoute {
  path: string;
  /** Spec 2.3: the user reaches the route if (user_role & roles) != 0; otherwise the members-only page shows. */
  roles: number;
  /** Breadcrumb and document title, from the `menu` catalogue. */
  title: MenuKey;
  /** The route shown before this one in the breadcrumb. */
  parent?: string;
  Page: LazyExoticComponent<ComponentType>;
}

const { CLIENT, ANALYST, ADMIN } = Role;
const ONLINE = CLIENT | ANALYST;

/**
 * Spec 2.3, merged with the menu of 2.2 where they differ (the union rule of the spec's README):
 * /test-purchase and /task/* also for administrators, /trademark for clients and analysts (the server admits no one else to trademarks).
 * The service menu targets (offline services, biz-support, the trademark service pages) share the service
 * request list of issue 17.
 */
export const pageRoutes: readonly PageRoute[] = [
  { path: '/home', roles: ALL_ROLES, title: 'home', Page: lazy(() => import('../areas/dashboards/HomePage')) },
  { path: '/profile', roles: ALL_ROLES, title: 'profile', Page: Profile },
  { path: '/profile/reset-password', roles: ALL_ROLES, title: 'resetPassword', parent: '/profile', Page: ResetPassword },
  { path: '/notice', roles: ALL_ROLES, title: 'notice', Page: lazy(() => import('../areas/notices/NoticePage')) },
  { path: '/news', roles: ALL_ROLES, title: 'news', Page: lazy(() => import('../areas/news/NewsPage')) },

  { path: '/manage/reset-password/:id', roles: ADMIN, title: 'resetPassword', Page: lazy(() => import('../areas/accounts/ResetPasswordPage')) },
  { path: '/manage/client', roles: STAFF_ROLES, title: 'manageClient', Page: lazy(() => import('../areas/clients/ClientListPage')) },
  { path: '/manage/client/new', roles: ADMIN, title: 'new', parent: '/manage/client', Page: lazy(() => import('../areas/clients/NewClientPage')) },
  { path: '/manage/client/:id', roles: STAFF_ROLES, title: 'detail', parent: '/manage/client', Page: lazy(() => import('../areas/clients/ClientDetailPage')) },
  { path: '/manage/analyst', roles: ADMIN, title: 'manageAnalyst', Page: lazy(() => import('../areas/accounts/StaffListPage')) },
  { path: '/manage/analyst/new', roles: ADMIN, title: 'new', parent: '/manage/analyst', Page: lazy(() => import('../areas/accounts/StaffNewPage')) },
  { path: '/manage/analyst/:id', roles: ADMIN, title: 'detail', parent: '/manage/analyst', Page: lazy(() => import('../areas/accounts/StaffDetailPage')) },
  { path: '/manage/user', roles: ADMIN, title: 'manageUser', Page: lazy(() => import('../areas/accounts/UserListPage')) },
  { path: '/manage/user/new', roles: ADMIN, title: 'new', parent: '/manage/user', Page: lazy(() => import('../areas/accounts/UserNewPage')) },
  { path: '/manage/user/:id', roles: ADMIN, title: 'detail', parent: '/manage/user', Page: lazy(() => import('../areas/accounts/UserDetailPage')) },

  { path: '/analyst/ec-site', roles: ANALYST, title: 'ecSite', Page: lazy(() => import('../areas/sites/SiteListPage')) },
  { path: '/analyst/ec-site/new', roles: ANALYST, title: 'new', parent: '/analyst/ec-site', Page: lazy(() => import('../areas/sites/SiteNewPage')) },
  { path: '/analyst/ec-site/detail/:id', roles: ANALYST, title: 'detail', parent: '/analyst/ec-site', Page: lazy(() => import('../areas/sites/SiteDetailPage')) },
  {
    path: '/analyst/infringement-category',
    roles: ANALYST,
    title: 'infringementCategory',
    Page: lazy(() => import('../areas/categories/InfringementCategoryPage')),
  },
  { path: '/test-purchase', roles: STAFF_ROLES, title: 'testPurchase', Page: lazy(() => import('../areas/test-purchases/TestPurchasePage')) },
  { path: '/task/ec-crawler-task', roles: STAFF_ROLES, title: 'crawlerTask', Page: lazy(() => import('../areas/crawler-tasks/TaskListPage')) },
  {
    path: '/task/new-ec-scraping-task',
    roles: STAFF_ROLES,
    title: 'newScrapingTask',
    parent: '/task/ec-crawler-task',
    Page: lazy(() => import('../areas/crawler-tasks/TaskNewPage')),
  },
  {
    path: '/task/ec-scraping-task-detail/:id',
    roles: STAFF_ROLES,
    title: 'scrapingTaskDetail',
    parent: '/task/ec-crawler-task',
    Page: lazy(() => import('../areas/crawler-tasks/TaskDetailPage')),
  },
  { path: '/analyst/watches', roles: STAFF_ROLES, title: 'watches', Page: lazy(() => import('../areas/watches/WatchListPage')) },
  { path: '/analyst/watches/new', roles: STAFF_ROLES, title: 'newWatch', parent: '/analyst/watches', Page: lazy(() => import('../areas/watches/WatchNewPage')) },
  { path: '/analyst/watches/:id', roles: STAFF_ROLES, title: 'watchDetail', parent: '/analyst/watches', Page: lazy(() => import('../areas/watches/WatchDetailPage')) },
  // Issue 32: staff make and run domain watches; a client user reads their company's (domain-watch/calls.ts).
  { path: '/domain-watch', roles: ALL_ROLES, title: 'domainWatch', Page: lazy(() => import('../areas/domain-watch/DomainWatchListPage')) },
  { path: '/domain-watch/new', roles: STAFF_ROLES, title: 'newDomainWatch', parent: '/domain-watch', Page: lazy(() => import('../areas/domain-watch/DomainWatchNewPage')) },
  { path: '/domain-watch/:id', roles: ALL_ROLES, title: 'domainWatchDetail', parent: '/domain-watch', Page: lazy(() => import('../areas/domain-watch/DomainWatchDetailPage')) },

  { path: '/trademark', roles: ONLINE, title: 'trademark', Page: lazy(() => import('../areas/trademarks/TrademarkListPage')) },
  { path: '/trademark/new', roles: ONLINE, title: 'new', parent: '/trademark', Page: TrademarkForm },
  {
    path: '/trademark/registration',
    roles: CLIENT,
    title: 'trademarkRegistration',
    Page: lazy(() => import('../areas/trademarks/RegistrationPage')),
  },
  { path: '/trademark/:id', roles: ONLINE, title: 'detail', parent: '/trademark', Page: TrademarkForm },
  { path: '/ec-list', roles: ONLINE, title: 'ecList', Page: lazy(() => import('../kinds/ec/EcListPage')) },
  { path: '/ec-data/:cid/:rid', roles: ONLINE, title: 'ecRecord', parent: '/ec-list', Page: lazy(() => import('../kinds/ec/EcDetailPage')) },
  { path: '/ws-list', roles: ONLINE, title: 'wsList', Page: lazy(() => import('../kinds/ws/WsListPage')) },
  { path: '/ws-data/:cid/:rid', roles: ONLINE, title: 'wsRecord', parent: '/ws-list', Page: lazy(() => import('../kinds/ws/WsDetailPage')) },
  { path: '/sns-list', roles: ONLINE, title: 'snsList', Page: lazy(() => import('../kinds/sns/SnsListPage')) },
  { path: '/sns-data/:cid/:rid', roles: ONLINE, title: 'snsRecord', parent: '/sns-list', Page: lazy(() => import('../kinds/sns/SnsDetailPage')) },
  { path: '/seller-networks', roles: ONLINE, title: 'sellerNetworks', Page: lazy(() => import('../areas/seller-networks/SellerNetworksPage')) },
  { path: '/webhooks', roles: ONLINE, title: 'webhooks', Page: lazy(() => import('../areas/webhooks/WebhooksPage')) },
  { path: '/online-dashboard', roles: ONLINE, title: 'onlineDashboard', Page: lazy(() => import('../areas/dashboards/OnlineDashboardPage')) },
  { path: '/takedown-acceptance', roles: ONLINE, title: 'takedownAcceptance', Page: lazy(() => import('../areas/takedown-acceptance/AcceptancePage')) },
  { path: '/manage/exchange-rate', roles: ADMIN, title: 'exchangeRates', Page: lazy(() => import('../areas/dashboards/ExchangeRatesPage')) },
  // Issue 17: the legal-services, offline and business-support menu entries open the lists of their service requests.
  ...(
    [
      ['/search-trademark', ALL_ROLES, 'searchTrademark'],
      ['/request-trademark-progress', ALL_ROLES, 'trademarkProgress'],
      ['/update-trademark', ALL_ROLES, 'updateTrademark'],
      ['/trademark-reject-report', ALL_ROLES, 'trademarkReject'],
      ['/trademark-change', ALL_ROLES, 'trademarkChange'],
      ['/trademark-protect', ALL_ROLES, 'trademarkProtect'],
      ['/trademark-failed-reason', ALL_ROLES, 'trademarkFailed'],
      ['/case-management', ALL_ROLES, 'caseManagement'],
      ['/client-offline-services', CLIENT, 'clientOffline'],
      ['/analyst-offline-services', STAFF_ROLES, 'analystOffline'],
      ['/biz-support', ALL_ROLES, 'bizSupport'],
    ] as const
  ).map(([path, roles, title]) => ({ path, roles, title, Page: RequestList })),
  { path: '/case-management/:id', roles: ALL_ROLES, title: 'detail', parent: '/case-management', Page: lazy(() => import('../areas/service-requests/RequestPage')) },
  { path: '/data-setting', roles: CLIENT, title: 'dataSetting', Page: lazy(() => import('../areas/client-settings/DataSettingPage')) },
];

export function findRoute(path: string): PageRoute | undefined {
  return pageRoutes.find((route) => route.path === path);
}

/** Where a signed-in user lands (after login, or on visiting a session page): home if their role has it. */
export function landingPath(userRole: number): string {
  const home = findRoute('/home');
  return home && hasRole(userRole, home.roles) ? '/home' : '/profile';
}
