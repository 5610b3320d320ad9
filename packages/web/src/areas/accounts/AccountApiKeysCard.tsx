import { App, Card, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../app/api';
import { ApiKeyTable } from '../profile/ApiKeyTable';

/** Administrators see and revoke the API keys of any account (issue 16, point 9), on the account's own page. */
export function AccountApiKeysCard({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const queryKey = ['api-keys', 'user', userId];
  const list = useQuery({ queryKey, queryFn: async () => (await api('/api/admin/fetch-api-keys', { userId })).apiKeys });
  const revoke = useMutation({
    mutationFn: (keyId: number) => api('/api/admin/revoke-api-key', { keyId }),
    onSuccess: () => void message.success(t('apiKeys.revoked')),
    onError: (e) => void message.error(errorMessage(e)),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  return (
    <Card title={t('apiKeys.adminTitle')}>
      <Typography.Paragraph type="secondary">{t('apiKeys.adminIntro')}</Typography.Paragraph>
      {list.isError && <Typography.Text type="danger">{errorMessage(list.error)}</Typography.Text>}
      <ApiKeyTable keys={list.data ?? []} loading={list.isLoading} now={Date.now()} onRevoke={(k) => revoke.mutateAsync(k.id)} testId="account-api-keys" />
    </Card>
  );
}
