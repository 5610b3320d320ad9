import { Alert, App, Button, Form, InputNumber, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAME_PHOTO_DISTANCE_MAX, pictures } from '@portal/contract';
import { setCallData, useCall } from '../../platform/calls';
import { api, errorMessage } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';

/**
 * Issue 31: the client's same-photo distance (0-11 bits of 64, default 10), with what it means. Its managing analysts
 * change it; the client's users read it (the server refuses them a change anyway).
 */
export function PictureSettingsForm({ clientId, mayChange }: { clientId: number; mayChange: boolean }) {
  const { t } = useTranslation('pictures');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useCall('/api/client-settings/get-picture-settings', { clientId });
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: pictures.setPictureSettingsInput,
    fields: {},
    onValid: async (input) => {
      setCallData(queryClient, '/api/client-settings/get-picture-settings', { clientId: input.clientId }, await api('/api/client-settings/set-picture-settings', input));
      void message.success(t('distance.success'));
    },
    onFailure: () => void message.error(t('distance.failure')),
  });
  if (query.isError) return <Alert type="warning" showIcon message={errorMessage(query.error)} />;
  if (!query.data) return <Spin />;
  // Those who may not change it read the value as text (a disabled field's unit would be too faint to read).
  if (!mayChange) {
    return (
      <div data-testid="picture-settings">
        <Typography.Title level={5}>{t('distance.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('distance.help')}</Typography.Paragraph>
        <Typography.Text data-testid="picture-distance-value">
          {t('distance.value', { value: query.data.samePhotoDistance })}
        </Typography.Text>
      </div>
    );
  }
  return (
    <Form
      key={query.dataUpdatedAt}
      layout="vertical"
      initialValues={query.data}
      onFinish={(v: { samePhotoDistance?: number | null }) => onFinish({ clientId, samePhotoDistance: v.samePhotoDistance ?? undefined })}
      onValuesChange={onValuesChange}
      style={{ maxWidth: 640 }}
      data-testid="picture-settings"
    >
      <Typography.Title level={5}>{t('distance.title')}</Typography.Title>
      <FormErrorAlert error={error} />
      <Typography.Paragraph type="secondary" id="picture-distance-help">
        {t('distance.help')}
      </Typography.Paragraph>
      <Form.Item label={t('distance.label')} name="samePhotoDistance" required>
        <InputNumber
          min={0}
          max={SAME_PHOTO_DISTANCE_MAX}
          precision={0}
          addonAfter={t('distance.unit')}
          style={{ width: 200 }}
          aria-describedby="picture-distance-help"
          data-testid="picture-distance"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="picture-distance-save">
        {t('distance.save')}
      </Button>
    </Form>
  );
}
