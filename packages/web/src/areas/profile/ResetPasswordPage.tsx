import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '@portal/contract';
import { api } from '../../platform/api';
import { useUser } from '../../platform/session';
import { CodeField } from '../../components/CodeField';
import { useCodeSender } from '../../components/useCodeSender';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';

interface Values {
  passwordOld?: string;
  password?: string;
  password2?: string;
  code?: string;
}

const FIELDS = {
  passwordOld: 'field.passwordOld',
  password: 'field.newPassword',
  password2: 'field.passwordConfirmNew',
  code: 'field.code',
} as const;

/** Spec 2.6: change the password while signed in; the code goes to the user's own mail. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['profile', 'common']);
  const { message } = App.useApp();
  const user = useUser();
  const [form] = Form.useForm<Values>();
  const { error, setError, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: session.changePasswordInput,
    fields: FIELDS,
    onValid: async (data) => {
      await api('/api/user/reset-password', data);
      void message.success(t('reset.success'));
      form.resetFields();
      // Spec 4: the code button comes back at once after a reset, whether it worked or not.
      countdown.reset();
    },
    onFailure: () => {
      void message.error(t('reset.failure'));
      countdown.reset();
    },
  });
  const { countdown, send } = useCodeSender(setError, (text) => void message.success(text));

  return (
    <Card title={t('reset.title')} style={{ maxWidth: 560 }}>
      <FormErrorAlert error={error} />
      <Form form={form} layout="vertical" onFinish={onFinish} onValuesChange={onValuesChange}>
        <Form.Item label={t('common:field.passwordOld')} name="passwordOld" required>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('common:field.newPassword')} name="password" required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('common:field.passwordConfirmNew')} name="password2" required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <CodeField
          label={t('common:field.code')}
          extra={t('reset.codeHint', { mail: user.user_mail })}
          countdown={countdown}
          onSend={() => send(user.user_mail)}
        />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('reset.submit')}
        </Button>
      </Form>
    </Card>
  );
}
