import { Alert, App, Button, Form, InputNumber, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { setCallData, useCall } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { RECHECK_DAYS_MAX, RECHECK_DAYS_MIN, takedownRecheck } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';

/**
 * Issue 18: how many days after a round's result is set to takedown the listing is captured again and judged gone
 * or still live (1-14). The client's managing analysts keep it here (the server refuses everyone else).
 */
export function RecheckSettingsPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useCall('/api/analyst/get-recheck-settings', { clientId });
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: takedownRecheck.setRecheckSettingsInput,
    fields: {},
    onValid: async (input) => {
      setCallData(queryClient, '/api/analyst/get-recheck-settings', { clientId: input.clientId }, await api('/api/analyst/set-recheck-settings', input));
      void message.success(t('recheck.success'));
    },
    onFailure: () => void message.error(t('recheck.failure')),
  });
  if (query.isError) return <Alert type="warning" showIcon message={t('loadFailed', { message: errorMessage(query.error) })} />;
  if (!query.data) return <Spin />;
  return (
    <Form
      key={query.dataUpdatedAt}
      layout="vertical"
      initialValues={query.data}
      onFinish={(v: { days?: number | null }) => onFinish({ clientId, days: v.days ?? undefined })}
      onValuesChange={onValuesChange}
      style={{ maxWidth: 480 }}
      data-testid="recheck-settings"
    >
      <FormErrorAlert error={error} />
      <Typography.Paragraph type="secondary">{t('recheck.help')}</Typography.Paragraph>
      <Form.Item label={t('recheck.days')} name="days" required>
        <InputNumber min={RECHECK_DAYS_MIN} max={RECHECK_DAYS_MAX} precision={0} addonAfter={t('recheck.daysUnit')} style={{ width: 200 }} data-testid="recheck-days" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="recheck-save">
        {t('impact.save')}
      </Button>
    </Form>
  );
}
