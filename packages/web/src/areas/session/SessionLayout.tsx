import { Suspense, useEffect, type ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Copyright } from '../../components/Copyright';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { PageSpin } from '../../components/PageSpin';

/**
 * The frame of /login, /sign-up and /forget-pass: language switch, logo, the form, copyright footer. Without
 * children it shows the matched session page; a visitor's 404 page passes itself as the child.
 */
export default function SessionLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['session', 'common']);
  const appName = t('common:appName');
  useEffect(() => {
    document.title = appName;
  }, [appName]);

  return (
    <Flex vertical style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e6f0ff 0%, #f5f7fa 60%)' }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitch />
      </Flex>
      <Flex vertical align="center" style={{ flex: 1, padding: '24px 16px' }}>
        <Logo size={44} />
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 24px', textAlign: 'center' }}>
          {t('tagline')}
        </Typography.Paragraph>
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Suspense fallback={<PageSpin />}>
            {children ?? <Outlet />}
          </Suspense>
        </div>
      </Flex>
      <Flex justify="center" style={{ padding: 24 }}>
        <Copyright />
      </Flex>
    </Flex>
  );
}

export function SessionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24, textAlign: 'center' }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}
