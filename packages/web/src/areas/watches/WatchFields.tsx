import { Button, Col, Form, Input, InputNumber, Row, Switch, Table } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { crawlerTasks, watches as contract } from '@portal/contract';
import { useClientChoices } from '../../components/clientChoices';
import { useCall } from '../../platform/calls';
import { timeZoneChoices, type WatchFormValues } from './model';

/**
 * The watch's own settings, shared by the new page and the detail. The client is chosen among those the user may
 * change (a watch is for the client's managers); a saved watch keeps its client.
 */
export function SettingsFields({ fixedClient }: { fixedClient?: { id: number; name: string } }) {
  const { t } = useTranslation('watches');
  const clients = useClientChoices('writable', !fixedClient);
  const options = fixedClient ? [{ value: fixedClient.id, label: fixedClient.name }] : (clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="clientId" label={t('field.client')}>
          <FormSelect options={options} disabled={Boolean(fixedClient)} loading={clients.isLoading} showSearch optionFilterProp="label" data-testid="watch-client" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="name" label={t('field.name')}>
          <Input maxLength={contract.WATCH_NAME_MAX} data-testid="watch-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="targetCount" label={t('field.targetCount')}>
          <InputNumber min={1} max={crawlerTasks.TARGET_COUNT_MAX} precision={0} style={{ width: '100%' }} data-testid="watch-target-count" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="captureEvidence" label={t('field.captureEvidence')} valuePropName="checked" extra={t('field.captureEvidenceHelp')}>
          <Switch data-testid="watch-capture-evidence" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Every N hours, daily at a time, or weekly on a day at a time; the time in the chosen zone. */
export function ScheduleFields({ zone }: { zone?: string }) {
  const { t } = useTranslation('watches');
  const every = Form.useWatch<WatchFormValues['every']>('every');
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item name="every" label={t('field.every')}>
          <FormSelect options={contract.WATCH_EVERY.map((value) => ({ value, label: t(`every.${value}`) }))} data-testid="watch-every" />
        </Form.Item>
      </Col>
      {every === 'minutes' ? (
        <Col xs={24} md={6}>
          <Form.Item name="minutes" label={t('field.minutes')}>
            <InputNumber min={contract.WATCH_MINUTES_MIN} max={59} precision={0} style={{ width: '100%' }} data-testid="watch-minutes" />
          </Form.Item>
        </Col>
      ) : every === 'hours' ? (
        <Col xs={24} md={6}>
          <Form.Item name="hours" label={t('field.hours')}>
            <InputNumber min={1} max={contract.WATCH_HOURS_MAX} precision={0} style={{ width: '100%' }} data-testid="watch-hours" />
          </Form.Item>
        </Col>
      ) : (
        <>
          {every === 'week' && (
            <Col xs={24} md={6}>
              <Form.Item name="weekday" label={t('field.weekday')}>
                <FormSelect options={([0, 1, 2, 3, 4, 5, 6] as const).map((value) => ({ value, label: t(`weekdayName.${value}`) }))} data-testid="watch-weekday" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={4}>
            <Form.Item name="at" label={t('field.at')}>
              {/* A native time input: typed with the keyboard, HH:MM as the contract wants. */}
              <Input type="time" data-testid="watch-at" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="timezone" label={t('field.timezone')}>
              <FormSelect showSearch options={timeZoneChoices([zone, Intl.DateTimeFormat().resolvedOptions().timeZone]).map((value) => ({ value, label: value }))} data-testid="watch-timezone" />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}

/** The sources: a crawler's site, the keyword it stands for and the search page to start from; rows added and removed freely. */
export function SourceRows() {
  const { t } = useTranslation('watches');
  // The crawler tasks' own site list (sites with a crawler), read directly: the task pages import this area.
  const sites = useCall('/api/ec-crawler-task/fetch-sites', {}, { select: (answer) => answer.sites, staleTime: 60_000 });
  const siteOptions = (sites.data ?? []).map((s) => ({ value: s.name, label: s.name }));
  const cell = (index: number, name: 'site' | 'keyword' | 'startUrl', input: React.ReactNode) => (
    <Form.Item name={[index, name]} style={{ margin: 0 }}>
      {input}
    </Form.Item>
  );
  return (
    <Form.List name="sources">
      {(rows, { add, remove }) => (
        <>
          <Table
            size="small"
            bordered
            rowKey="key"
            pagination={false}
            dataSource={rows}
            aria-label={t('form.sourcesCaption')}
            locale={{ emptyText: t('form.noSources') }}
            data-testid="watch-sources"
            columns={[
              {
                key: 'site',
                title: t('field.site'),
                width: 220,
                render: (_, row) => cell(row.name, 'site', <FormSelect options={siteOptions} loading={sites.isLoading} showSearch aria-label={t('field.site')} data-testid={`watch-source-${row.name}-site`} />),
              },
              { key: 'keyword', title: t('field.keyword'), render: (_, row) => cell(row.name, 'keyword', <Input maxLength={500} aria-label={t('field.keyword')} data-testid={`watch-source-${row.name}-keyword`} />) },
              { key: 'startUrl', title: t('field.startUrl'), render: (_, row) => cell(row.name, 'startUrl', <Input maxLength={2000} aria-label={t('field.startUrl')} data-testid={`watch-source-${row.name}-url`} />) },
              {
                key: 'action',
                width: 60,
                title: t('field.actions'),
                render: (_, row) => (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('action.removeSource')} title={t('action.removeSource')} onClick={() => remove(row.name)} data-testid={`watch-source-${row.name}-remove`} />
                ),
              },
            ]}
          />
          <Button type="dashed" icon={<PlusOutlined />} disabled={rows.length >= contract.WATCH_SOURCES_MAX} onClick={() => add({ site: undefined, keyword: '', startUrl: '' })} style={{ marginTop: 12 }} data-testid="watch-source-add">
            {t('action.addSource')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
