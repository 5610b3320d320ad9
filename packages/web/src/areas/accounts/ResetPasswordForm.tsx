import { App, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accounts } from '@portal/contract';
import { api } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';

interface Values {
  password?: string;
  password2?: string;
}

const FIELDS = { password: 'field.newPassword', password2: 'field.passwordConfirmNew' } as const;

interface ResetPasswordFormProps {
  userId: number;
  /** After a successful reset (the fields are cleared already). */
  onDone?: () => void;
  /** Shows a Cancel button (the modal's). */
  onCancel?: () => void;
}

/**
 * Spec 2.10 and 5: an administrator sets a new password for an account (a digit, an upper-case letter, a lower-case
 * letter and a symbol, 8 or more; the contract checks it). Used by the detail pages' modal and /manage/reset-password/:id.
 */
export function ResetPasswordForm({ userId, onDone, onCancel }: ResetPasswordFormProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: accounts.updateUserInput,
    fields: FIELDS,
    onValid: async (data) => {
      await api('/api/admin/update-user', data);
      void message.success(t('reset.success'));
      form.resetFields();
      onDone?.();
    },
    onFailure: () => void message.error(t('reset.failure')),
  });

  // Empty strings, not undefined: an absent password would be a (valid) update of nothing.
  const submit = (values: Values) => onFinish({ userId, password: values.password ?? '', password2: values.password2 ?? '' });

  return (
    <>
      <FormErrorAlert error={error} />
      <Form<Values> form={form} layout="vertical" onFinish={submit} onValuesChange={onValuesChange} autoComplete="off">
        <Form.Item label={t('common:field.newPassword')} name="password" required extra={t('password.rule')}>
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item label={t('common:field.passwordConfirmNew')} name="password2" required>
          <Input.Password autoComplete="new-password" data-testid="reset-password2" />
        </Form.Item>
        <Flex justify="end" gap={8}>
          {onCancel && (
            <Button onClick={onCancel} data-testid="reset-cancel">
              {t('action.cancel')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={busy} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Flex>
      </Form>
    </>
  );
}
