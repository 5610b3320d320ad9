import { App, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
// The session schemas alone: the package's main entry would bring every call's schema to the sign-in pages.
import * as session from '@portal/contract/session';
import { api } from '../../platform/api';
import { CodeField } from '../../components/CodeField';
import { useCodeSender } from '../../components/CodeButton';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';
import { SessionCard } from './SessionLayout';

interface Values {
  name?: string;
  mail?: string;
  password?: string;
  password2?: string;
  code?: string;
}

const FIELDS = {
  name: 'field.name',
  mail: 'field.mail',
  password: 'field.password',
  password2: 'field.password2',
  code: 'field.code',
} as const;

export default function SignUpPage() {
  const { t } = useTranslation(['session', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { error, setError, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: session.signupInput,
    fields: FIELDS,
    onValid: async (data) => {
      await api('/api/signup', data);
      void message.success(t('signUp.success'));
      navigate('/login');
    },
    // Spec 8: after the server's message, let the user ask for a new code at once.
    onFailure: () => countdown.reset(),
    keepBusyOnSuccess: true,
  });
  const { countdown, send } = useCodeSender(setError);

  return (
    <SessionCard title={t('signUp.title')}>
      <FormErrorAlert error={error} />
      <Form form={form} size="large" onFinish={onFinish} onValuesChange={onValuesChange}>
        <Form.Item name="name">
          <Input prefix={<UserOutlined />} placeholder={t('common:field.name')} autoComplete="name" />
        </Form.Item>
        <Form.Item name="mail">
          <Input prefix={<MailOutlined />} placeholder={t('common:field.mail')} autoComplete="email" />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password prefix={<LockOutlined />} placeholder={t('common:field.password')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2">
          <Input.Password prefix={<LockOutlined />} placeholder={t('common:field.password2')} autoComplete="new-password" />
        </Form.Item>
        <CodeField countdown={countdown} onSend={() => send(form.getFieldsValue().mail)} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('signUp.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('toLogin')}</Link>
      </div>
    </SessionCard>
  );
}
