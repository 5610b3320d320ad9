import { App, Card, Typography } from 'antd';
import { callKey, useCall, useCallMutation } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../platform/api';
import { ApiKeyTable } from '../profile/ApiKeyTable';

/** Administrators see and revoke the API keys of any account (issue 16, point 9), on the account's own page. */
export function AccountApiKeysCard({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const list = useCall('/api/admin/fetch-api-keys', { userId }, { select: (answer) => answer.apiKeys });
  const revoke = useCallMutation('/api/admin/revoke-api-key', {
    invalidates: [callKey('/api/admin/fetch-api-keys', { userId })],
    refreshOnError: true,
    awaitRefresh: true,
    onSuccess: () => void message.success(t('apiKeys.revoked')),
    onError: (e) => void message.error(errorMessage(e)),
  });
  return (
    <Card title={t('apiKeys.adminTitle')}>
      <Typography.Paragraph type="secondary">{t('apiKeys.adminIntro')}</Typography.Paragraph>
      {list.isError && <Typography.Text type="danger">{errorMessage(list.error)}</Typography.Text>}
      <ApiKeyTable keys={list.data ?? []} loading={list.isLoading} now={Date.now()} onRevoke={(k) => revoke.mutateAsync({ keyId: k.id })} testId="account-api-keys" />
    </Card>
  );
}
