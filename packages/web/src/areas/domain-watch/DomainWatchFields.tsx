import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOMAIN_FUZZERS } from '@portal/contract';
import { FormSelect } from '../../components/FormSelect';
import { useClientChoices } from '../../components/clientChoices';
import { ScheduleFields } from '../watches/WatchFields';
import type { DomainWatchFormValues } from './model';

/**
 * The domain watch's settings, shared by the new page and the watch's page: the client (among those the user may
 * change; a saved watch keeps its own), the lists one entry a line, the fuzzers with what each does, and the schedule
 * of the watches of issue 30 behind a switch (off: by hand only).
 */
export function DomainWatchFields({ fixedClient }: { fixedClient?: { id: number; name: string } }) {
  const { t } = useTranslation('domainWatch');
  const clients = useClientChoices('writable', !fixedClient);
  const form = Form.useFormInstance<DomainWatchFormValues>();
  const scheduled = Form.useWatch<DomainWatchFormValues['scheduled']>('scheduled');
  const autoPromote = Form.useWatch<DomainWatchFormValues['autoPromote']>('autoPromote');
  const options = fixedClient ? [{ value: fixedClient.id, label: fixedClient.name }] : (clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }));
  const list = (name: 'domains' | 'words' | 'keywords' | 'tlds', rows: number) => (
    <Form.Item name={name} label={t(`field.${name}`)} extra={t(`field.${name}Help`)}>
      <Input.TextArea rows={rows} spellCheck={false} data-testid={`dw-${name}`} />
    </Form.Item>
  );
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="clientId" label={t('field.client')}>
            <FormSelect options={options} disabled={Boolean(fixedClient)} loading={clients.isLoading} showSearch optionFilterProp="label" data-testid="dw-client" />
          </Form.Item>
          {list('domains', 3)}
          {list('tlds', 3)}
        </Col>
        <Col xs={24} md={12}>
          {list('keywords', 3)}
          {list('words', 3)}
        </Col>
      </Row>
      <Form.Item name="fuzzers" label={t('field.fuzzers')} extra={t('field.fuzzersHelp')}>
        <Checkbox.Group style={{ width: '100%' }} data-testid="dw-fuzzers">
          <Row gutter={[16, 4]}>
            {DOMAIN_FUZZERS.map((fuzzer) => (
              <Col xs={24} lg={12} key={fuzzer}>
                <Checkbox value={fuzzer} data-testid={`dw-fuzzer-${fuzzer}`}>
                  <Typography.Text code>{fuzzer}</Typography.Text> <Typography.Text type="secondary">{t(`fuzzer.${fuzzer}`)}</Typography.Text>
                </Checkbox>
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
      </Form.Item>
      <Space size={0} style={{ marginTop: -16, marginBottom: 16 }}>
        <Button type="link" size="small" onClick={() => form.setFieldValue('fuzzers', [...DOMAIN_FUZZERS])} data-testid="dw-fuzzers-all">
          {t('action.allFuzzers')}
        </Button>
        <Button type="link" size="small" onClick={() => form.setFieldValue('fuzzers', [])} data-testid="dw-fuzzers-none">
          {t('action.noFuzzers')}
        </Button>
      </Space>
      <Form.Item name="scheduled" label={t('field.scheduled')} valuePropName="checked" extra={t('field.scheduledHelp')}>
        <Switch data-testid="dw-scheduled" />
      </Form.Item>
      {scheduled && <ScheduleFields />}
      <Form.Item name="autoPromote" label={t('field.autoPromote')} valuePropName="checked" extra={t('field.autoPromoteHelp')}>
        <Switch data-testid="dw-auto-promote" />
      </Form.Item>
      {autoPromote && (
        <Form.Item name="promoteThreshold" label={t('field.promoteThreshold')} rules={[{ required: true, message: t('field.promoteThresholdRequired') }]}>
          <InputNumber min={0} max={100} precision={0} aria-label={t('field.promoteThreshold')} data-testid="dw-promote-threshold" />
        </Form.Item>
      )}
    </>
  );
}
