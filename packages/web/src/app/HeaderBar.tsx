import { useState, type ReactNode } from 'react';
import { App, Button, Flex, Typography, theme } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { api, errorMessage } from '../platform/api';
import { useUser } from '../platform/session';
import { clearSession, getToken } from '../platform/token';

/** Spec 2.1: user name, language switch and logout on the right of the header; `children` (the menu's handle) on the left. */
export function HeaderBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const user = useUser();
  const [busy, setBusy] = useState(false);

  // Spec 7/8: the token is cleared when the server confirms (code 0); otherwise its message is shown.
  const logout = async () => {
    setBusy(true);
    try {
      await api('/api/logout', { token: getToken() });
      clearSession();
    } catch (error) {
      void message.error(t('header.logoutFailed', { message: errorMessage(error) }));
      setBusy(false);
    }
  };

  return (
    <Flex
      component="header"
      align="center"
      gap={20}
      style={{
        height: 56,
        padding: '0 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {children}
      <Typography.Text data-testid="user-name" style={{ marginInlineStart: 'auto' }}>
        <UserOutlined style={{ marginRight: 6 }} />
        {user.user_name}
      </Typography.Text>
      <LanguageSwitch />
      <Button icon={<LogoutOutlined />} loading={busy} onClick={logout} data-testid="logout">
        {t('header.logout')}
      </Button>
    </Flex>
  );
}
