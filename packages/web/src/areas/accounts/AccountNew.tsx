import { App, Button, Card, Form, Input, Space } from 'antd';
import { useInvalidateCalls } from '../../platform/calls';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Role, accounts } from '@portal/contract';
import { api } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';
import { AccountFields } from './AccountFields';
import { FORM_FIELDS, KINDS, roleSum, type AccountFormValues, type AccountKind } from './model';
import { ACCOUNT_READS } from './queries';

/** Spec 8's toasts of a registration, per kind. */
const TEXT = {
  staff: { title: 'new.staffTitle', success: 'new.staffSuccess', failure: 'new.staffFailure' },
  client: { title: 'new.userTitle', success: 'new.userSuccess', failure: 'new.userFailure' },
} as const;

/**
 * Spec 2.10 and 2.11: a new staff account (role multi-select, sent as the sum of the bits) or a new client user
 * (role 1, with department and company). Success returns to the list.
 */
export function AccountNew({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const { basePath } = KINDS[kind];

  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: accounts.createUserInput,
    fields: FORM_FIELDS,
    keepBusyOnSuccess: true,
    onValid: async (data) => {
      await api('/api/admin/create-user', data);
      void message.success(t(TEXT[kind].success));
      await navigate(basePath);
      void invalidate(ACCOUNT_READS);
    },
    onFailure: () => void message.error(t(TEXT[kind].failure)),
  });

  const submit = (values: AccountFormValues) =>
    onFinish({
      name: values.name ?? '',
      mail: values.mail ?? '',
      password: values.password ?? '',
      password2: values.password2 ?? '',
      role: kind === 'staff' ? roleSum(values.roles) : Role.CLIENT,
      tel: values.tel ?? '',
      remarks: values.remarks ?? '',
      ...(kind === 'client' && { department: values.department ?? '', companyId: values.companyId ?? null }),
    });

  return (
    <Card title={t(TEXT[kind].title)}>
      <div style={{ maxWidth: 720 }}>
        <FormErrorAlert error={error} />
        <Form<AccountFormValues>
          labelCol={{ flex: '180px' }}
          labelAlign="left"
          labelWrap
          onFinish={submit}
          onValuesChange={onValuesChange}
          autoComplete="off"
        >
          <AccountFields kind={kind}>
            <Form.Item label={t('field.mail')} name="mail" required>
              <Input autoComplete="off" data-testid="account-mail" />
            </Form.Item>
            <Form.Item label={t('field.password')} name="password" required extra={t('password.rule')}>
              <Input.Password autoComplete="new-password" data-testid="account-password" />
            </Form.Item>
            <Form.Item label={t('field.password2')} name="password2" required>
              <Input.Password autoComplete="new-password" data-testid="account-password2" />
            </Form.Item>
          </AccountFields>
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="account-submit">
                {t('new.submit')}
              </Button>
              <Button onClick={() => void navigate(basePath)}>{t('action.cancel')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
