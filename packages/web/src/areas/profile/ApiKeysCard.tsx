import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCall, useCallMutation, useInvalidateCalls } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { apiKeys } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ApiKeyTable } from './ApiKeyTable';

const FIELDS = { name: 'field.name', expiresAt: 'field.expiresAt' } as const;

/**
 * Issue 16, point 9: personal API keys for programs. The secret is shown once, right after it is made; the list
 * shows each key's name, expiry and last use. The API reference (/api/docs) says how a program uses one.
 */
export function ApiKeysCard() {
  const { t } = useTranslation(['profile', 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const [secret, setSecret] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string; expiresAt?: Dayjs | null }>();
  const list = useCall('/api/user/fetch-api-keys', {}, { select: (answer) => answer.apiKeys });
  const reload = () => invalidate(['/api/user/fetch-api-keys']);

  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: apiKeys.createApiKeyInput,
    fields: FIELDS,
    onValid: async (data) => {
      const answer = await api('/api/user/create-api-key', data);
      setSecret(answer.key);
      form.resetFields();
      await reload();
    },
    onFailure: () => void message.error(t('apiKeys.createFailure')),
  });
  const revoke = useCallMutation('/api/user/revoke-api-key', {
    invalidates: ['/api/user/fetch-api-keys'],
    refreshOnError: true,
    awaitRefresh: true,
    onSuccess: () => void message.success(t('apiKeys.revoked')),
    onError: (e) => void message.error(errorMessage(e)),
  });

  return (
    <Card title={t('apiKeys.title')} extra={<a href="/api/docs" target="_blank" rel="noreferrer">{t('apiKeys.docs')}</a>}>
      <Typography.Paragraph type="secondary">{t('apiKeys.intro')}</Typography.Paragraph>
      {list.isError && <Alert type="error" showIcon message={errorMessage(list.error)} style={{ marginBottom: 16 }} />}
      <FormErrorAlert error={error} />
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        // The day picked is the last day the key works (to its end, in the user's time zone).
        onFinish={(v) => onFinish({ name: v.name, expiresAt: v.expiresAt ? v.expiresAt.endOf('day').toISOString() : null })}
        onValuesChange={onValuesChange}
      >
        <Form.Item name="name" label={t('apiKeys.name')} required>
          <Input placeholder={t('apiKeys.namePlaceholder')} maxLength={100} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('apiKeys.expiresAt')}>
          <DatePicker placeholder={t('apiKeys.never')} disabledDate={(d) => d.isBefore(new Date(), 'day')} data-testid="api-key-expiry" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="api-key-create">
            {t('apiKeys.create')}
          </Button>
        </Form.Item>
      </Form>
      <ApiKeyTable keys={list.data ?? []} loading={list.isLoading} now={Date.now()} onRevoke={(k) => revoke.mutateAsync({ keyId: k.id })} testId="api-keys" />
      <Modal
        open={secret !== null}
        title={t('apiKeys.createdTitle')}
        onCancel={() => setSecret(null)}
        destroyOnHidden
        footer={<Button type="primary" onClick={() => setSecret(null)}>{t('apiKeys.copied')}</Button>}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('apiKeys.shownOnce')} />
          <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('apiKeys.howToUse')}</Typography.Text>
        </Space>
      </Modal>
    </Card>
  );
}
