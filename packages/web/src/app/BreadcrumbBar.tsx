import { Breadcrumb, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeTrail, useCurrentRoute } from './currentRoute';

/** Spec 2.1: starts at Home; hidden on /home itself. */
export function BreadcrumbBar() {
  const { t } = useTranslation('menu');
  const { token } = theme.useToken();
  const route = useCurrentRoute();
  if (route?.path === '/home') return null;

  const trail = route ? routeTrail(route) : [];
  const items = [
    { key: '/home', title: <Link to="/home">{t('home')}</Link> },
    ...trail.map((step, index) => ({
      key: step.path,
      title: index < trail.length - 1 ? <Link to={step.path}>{t(step.title)}</Link> : t(step.title),
    })),
  ];
  return (
    <div
      style={{
        padding: '12px 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Breadcrumb items={items} />
    </div>
  );
}
