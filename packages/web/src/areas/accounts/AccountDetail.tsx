import { useState } from 'react';
import { App, Button, Card, Flex, Form, Popconfirm, Space, Typography } from 'antd';
import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accounts, type AccountListItem } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { DetailMissing } from '../../components/DetailMissing';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { PageSpin } from '../../components/PageSpin';
import { useSchemaForm } from '../../components/useSchemaForm';
import { AccountApiKeysCard } from './AccountApiKeysCard';
import { AccountFields } from './AccountFields';
import { ResetPasswordModal } from './ResetPasswordModal';
import {
  FORM_FIELDS,
  KINDS,
  changedFields,
  editValues,
  useIdParam,
  type AccountFormValues,
  type AccountKind,
} from './model';
import { formatDateTime } from '../../components/dateTime';
import { ACCOUNT_LISTS, ACCOUNT_READS, accountInput, useAccount } from './queries';
import { invalidateCalls, setCallData } from '../../platform/calls';

/** Spec 8's toasts of an update, per kind. */
const TEXT = {
  staff: { title: 'detail.staffTitle', success: 'detail.staffSuccess', failure: 'detail.staffFailure' },
  client: { title: 'detail.userTitle', success: 'detail.userSuccess', failure: 'detail.userFailure' },
} as const;

/** Spec 2.10 and 2.11: one account, loaded as the kind the route expects. */
export function AccountDetail({ kind }: { kind: AccountKind }) {
  const userId = useIdParam();
  const account = useAccount(userId, kind);
  if (userId === undefined || account.isError) {
    return <AccountMissing kind={kind} text={account.isError ? errorMessage(account.error) : undefined} />;
  }
  if (!account.data) return <PageSpin />;
  const user = account.data;
  // A saved account comes back from the server: the form starts again from its values.
  return (
    <Flex vertical gap={16}>
      <AccountDetailCard key={JSON.stringify(editValues(user))} kind={kind} user={user} />
      <AccountApiKeysCard userId={user.user_id} />
    </Flex>
  );
}

export function AccountMissing({ kind, text }: { kind: AccountKind; text?: string | undefined }) {
  const { t } = useTranslation('accounts');
  return <DetailMissing title={text ?? t('detail.notFound')} backTo={KINDS[kind].basePath} backLabel={t('detail.backToList')} />;
}

function AccountDetailCard({ kind, user }: { kind: AccountKind; user: AccountListItem }) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [resetOpen, setResetOpen] = useState(false);
  const { basePath } = KINDS[kind];

  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: accounts.updateUserInput,
    fields: FORM_FIELDS,
    onValid: async (data) => {
      const answer = await api('/api/admin/update-user', data);
      void message.success(t(TEXT[kind].success));
      setCallData(queryClient, '/api/admin/get-user', accountInput(user.user_id, kind), { user: answer.user });
      await invalidateCalls(queryClient, ACCOUNT_LISTS);
    },
    onFailure: () => void message.error(t(TEXT[kind].failure)),
  });

  const submit = (values: AccountFormValues) => {
    const changes = changedFields(kind, user, values);
    if (Object.keys(changes).length === 0) {
      void message.info(t('detail.nothingChanged'));
      return;
    }
    return onFinish({ userId: user.user_id, ...changes });
  };

  const remove = async () => {
    try {
      await api('/api/admin/remove-user', { userId: user.user_id });
      void message.success(t('remove.success', { name: user.user_name }));
      // Leave first: refetching this (now removed) account while still on its page would flash "not found".
      await navigate(basePath);
      void invalidateCalls(queryClient, ACCOUNT_READS);
    } catch (failure) {
      void message.error(t('remove.failure', { message: errorMessage(failure) }));
    }
  };

  return (
    <Card
      title={t(TEXT[kind].title)}
      extra={
        <Space>
          <Button icon={<KeyOutlined />} onClick={() => setResetOpen(true)} data-testid="account-reset-open">
            {t('action.resetPassword')}
          </Button>
          <Popconfirm
            title={t('remove.confirm', { name: user.user_name })}
            description={t('remove.confirmText')}
            okText={t('action.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('action.cancel')}
            onConfirm={remove}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="account-delete">
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <div style={{ maxWidth: 720 }}>
        <FormErrorAlert error={error} />
        <Form<AccountFormValues>
          labelCol={{ flex: '180px' }}
          labelAlign="left"
          labelWrap
          initialValues={editValues(user)}
          onFinish={submit}
          onValuesChange={onValuesChange}
          autoComplete="off"
        >
          <Form.Item label={t('field.id')}>
            <Typography.Text data-testid="account-id">{user.user_id}</Typography.Text>
          </Form.Item>
          <Form.Item label={t('field.mail')}>
            <Typography.Text data-testid="account-mail">{user.user_mail}</Typography.Text>
          </Form.Item>
          <Form.Item label={t('field.lastLogin')}>
            <Typography.Text>{formatDateTime(user.user_last_used_date)}</Typography.Text>
          </Form.Item>
          <Form.Item label={t('field.createdAt')}>
            <Typography.Text>{formatDateTime(user.user_create_at)}</Typography.Text>
          </Form.Item>
          <AccountFields kind={kind} />
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="account-submit">
                {t('detail.update')}
              </Button>
              <Button onClick={() => void navigate(basePath)}>{t('detail.backToList')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </div>
      <ResetPasswordModal user={user} open={resetOpen} onClose={() => setResetOpen(false)} />
    </Card>
  );
}
