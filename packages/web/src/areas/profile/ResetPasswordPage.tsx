import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '@portal/contract';
import { api } from '../../app/api';
import { firstIssue, fromError, type FormError } from '../../app/formError';
import { useUser } from '../../app/session';
import { CodeField } from '../../components/CodeField';
import { useCodeSender } from '../../components/CodeButton';
import { FormErrorAlert } from '../../components/FormErrorAlert';

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
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const { countdown, send } = useCodeSender(setError);

  const submit = async (values: Values) => {
    const parsed = session.changePasswordInput.safeParse(values);
    if (!parsed.success) {
      setError(firstIssue(parsed.error.issues, FIELDS));
      return;
    }
    setBusy(true);
    try {
      await api('/api/user/reset-password', parsed.data);
      void message.success(t('reset.success'));
      form.resetFields();
    } catch (failure) {
      setError(fromError(failure));
      void message.error(t('reset.failure'));
    } finally {
      // Spec 4: the code button comes back at once after a reset, whether it worked or not.
      countdown.reset();
      setBusy(false);
    }
  };

  return (
    <Card title={t('reset.title')} style={{ maxWidth: 560 }}>
      <FormErrorAlert error={error} />
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => setError(null)}>
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
