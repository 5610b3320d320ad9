import { Button, Flex, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
// The session schemas alone: the package's main entry would bring every call's schema to the sign-in pages.
import * as session from '@portal/contract/session';
import { api } from '../../platform/api';
import { setToken } from '../../platform/token';
import { CodeField } from '../../components/CodeField';
import { useCodeSender } from '../../components/CodeButton';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';
import { SessionCard } from './SessionLayout';

interface Values {
  mail?: string;
  password?: string;
  code?: string;
}

const FIELDS = { mail: 'field.mail', password: 'field.password', code: 'field.code' } as const;

export default function LoginPage() {
  const { t } = useTranslation(['session', 'common']);
  const [form] = Form.useForm<Values>();
  const { error, setError, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: session.loginInput,
    fields: FIELDS,
    onValid: async (data) => {
      const { token } = await api('/api/login', data);
      // The guard of this page loads the user for the new token and moves on to the landing page.
      setToken(token);
    },
  });
  const { countdown, send } = useCodeSender(setError);

  return (
    <SessionCard title={t('login.title')}>
      <FormErrorAlert error={error} />
      <Form form={form} size="large" onFinish={onFinish} onValuesChange={onValuesChange}>
        <Form.Item name="mail">
          <Input
            prefix={<MailOutlined />}
            placeholder={t('common:field.mail')}
            autoComplete="username"
            data-testid="login-mail"
          />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('common:field.password')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <CodeField
          countdown={countdown}
          onSend={() => send(form.getFieldsValue().mail)}
          inputTestId="login-code"
          buttonTestId="send-code"
        />
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to="/sign-up">{t('login.toSignUp')}</Link>
        <Link to="/forget-pass">{t('login.toForget')}</Link>
      </Flex>
    </SessionCard>
  );
}
