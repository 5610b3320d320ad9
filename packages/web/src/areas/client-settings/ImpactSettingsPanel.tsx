import { Alert, App, Button, Col, Form, InputNumber, Radio, Row, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { setCallData, useCall } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { masters, type ImpactSettings } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { useSchemaForm } from '../../components/useSchemaForm';

type Values = Partial<ImpactSettings>;

/**
 * Spec 2.12 "other" and 2.13: how the impact amount of a record is computed, A (price) × B (count) × C (percent).
 * Used by the client's analysts on the client detail page and by the client's users on /data-setting.
 */
export function ImpactSettingsPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('settings');
  const query = useCall('/api/analyst/get-impact-settings', { clientId }, { select: (answer) => answer.settings });
  if (query.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('loadFailed', { message: errorMessage(query.error) })}
        action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  if (!query.data) return <Spin />;
  // A save remounts the form from what the server answered.
  return <ImpactForm key={query.dataUpdatedAt} clientId={clientId} settings={query.data} />;
}

function ImpactForm({ clientId, settings }: { clientId: number; settings: ImpactSettings }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const priceType = Form.useWatch('priceType', form) ?? settings.priceType;
  const countType = Form.useWatch('countType', form) ?? settings.countType;
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: masters.setImpactInput,
    fields: {},
    onValid: async (input) => {
      const answer = await api('/api/analyst/set-impact-settings', input);
      // The save answers what the load does: it becomes the cached answer.
      setCallData(queryClient, '/api/analyst/get-impact-settings', { clientId }, answer);
      void message.success(t('impact.success'));
    },
    onFailure: () => void message.error(t('impact.failure')),
  });
  const submit = (v: Values) =>
    onFinish({
      clientId,
      priceType: v.priceType,
      price: v.priceType === 2 ? (v.price ?? null) : null,
      countType: v.countType,
      count: v.countType === 3 ? (v.count ?? null) : null,
      radio: v.radio ?? undefined,
    });

  return (
    <Row gutter={32}>
      <Col xs={24} lg={14}>
        <Form<Values> form={form} layout="vertical" initialValues={settings} onFinish={submit} onValuesChange={onValuesChange} data-testid="impact-form">
          <FormErrorAlert error={error} />
          <Form.Item label={t('impact.priceType')} required>
            <Space wrap>
            <Form.Item name="priceType" noStyle>
              <Radio.Group data-testid="impact-price-type">
                <Radio value={1} data-testid="impact-price-type-1">{t('impact.price.displayed')}</Radio>
                <Radio value={2} data-testid="impact-price-type-2">{t('impact.price.flat')}</Radio>
              </Radio.Group>
            </Form.Item>
            {priceType === 2 && (
              <Form.Item name="price" noStyle>
                <InputNumber min={0} prefix="$" placeholder={t('impact.pricePlaceholder')} style={{ width: 200 }} data-testid="impact-price" />
              </Form.Item>
            )}
            </Space>
          </Form.Item>
          <Form.Item label={t('impact.countType')} required>
            <Space wrap>
            <Form.Item name="countType" noStyle>
              <Radio.Group data-testid="impact-count-type">
                <Radio value={1} data-testid="impact-count-type-1">{t('impact.count.inventory')}</Radio>
                <Radio value={2} data-testid="impact-count-type-2">{t('impact.count.sold')}</Radio>
                <Radio value={3} data-testid="impact-count-type-3">{t('impact.count.flat')}</Radio>
              </Radio.Group>
            </Form.Item>
            {countType === 3 && (
              <Form.Item name="count" noStyle>
                <InputNumber min={0} precision={0} placeholder={t('impact.countPlaceholder')} style={{ width: 200 }} data-testid="impact-count" />
              </Form.Item>
            )}
            </Space>
          </Form.Item>
          <Form.Item label={t('impact.percent')} name="radio" required>
            <InputNumber min={0} max={100} suffix="%" style={{ width: 200 }} data-testid="impact-percent" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="impact-save">
            {t('impact.save')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Alert
          type="info"
          style={{ marginTop: 8 }}
          message={<Typography.Text strong>{t('impact.formula')}</Typography.Text>}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="impact-formula">
              <li>{t('impact.a')}</li>
              <li>{t('impact.b')}</li>
              <li>{t('impact.c')}</li>
            </ul>
          }
        />
      </Col>
    </Row>
  );
}
