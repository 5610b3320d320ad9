import { useState } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ALERT_WAYS, type AlertEvent, type AlertSetting } from '@portal/contract';
import { useCall, useCallMutation } from '../../platform/calls';
import { errorMessage } from '../../platform/api';
import { digestTimeZones, priceUpdateOf, timeZoneUpdateOf, wayUpdateOf } from './alertSettings';

const READS = ['/api/user/fetch-alert-settings'] as const;

/**
 * Issue 30 point 3: per client the user sees, which watch events reach them and how (off, the bell, mail at once,
 * the daily digest), the price alert's thresholds, and the digest's time zone. Each choice saves at once; the
 * server decides which clients and events the user may choose, the card shows what it answers.
 */
export function AlertSettingsCard() {
  const { t } = useTranslation(['profile', 'common']);
  const { message } = App.useApp();
  const settings = useCall('/api/user/fetch-alert-settings', {});
  const update = useCallMutation('/api/user/update-alert-settings', {
    invalidates: READS,
    refreshOnError: true,
    awaitRefresh: true,
    onSuccess: () => void message.success(t('alerts.saved')),
    onError: (e) => void message.error(errorMessage(e)),
  });
  const save = (input: Parameters<typeof update.mutateAsync>[0]) => update.mutateAsync(input).catch(() => undefined);

  const data = settings.data;
  const events = data?.events ?? [];
  const eventLabel = (event: AlertEvent) => t(`alerts.event.${event}`);
  const ways = ALERT_WAYS.map((way) => ({ value: way, label: t(`alerts.way.${way}`) }));

  const columns: ColumnsType<AlertSetting> = [
    { title: t('alerts.client'), dataIndex: 'clientName', key: 'client', fixed: 'left' },
    ...events.map((event) => ({
      title: eventLabel(event),
      key: event,
      render: (_: unknown, row: AlertSetting) => (
        <Select
          value={row.events[event] ?? 'off'}
          options={ways}
          style={{ width: 130 }}
          aria-label={t('alerts.cellLabel', { client: row.clientName, event: eventLabel(event) })}
          data-testid={`alert-${row.clientId}-${event}`}
          onChange={(way) => void save(wayUpdateOf(row.clientId, event, way))}
        />
      ),
    })),
    ...(events.includes('listings.price')
      ? [{
          title: t('alerts.thresholds'),
          key: 'thresholds',
          render: (_: unknown, row: AlertSetting) => (
            // key: a saved or reloaded row starts the inputs from its stored values
            <PriceThresholds key={`${row.priceFloor}|${row.priceDropPercent}`} setting={row} onSave={save} />
          ),
        }]
      : []),
  ];

  const zone = data?.timezone;
  const timeZoneUpdate = zone && data ? timeZoneUpdateOf(data.settings, zone) : null;
  return (
    <Card title={t('alerts.title')}>
      <Typography.Paragraph type="secondary">{t('alerts.intro')}</Typography.Paragraph>
      {settings.isError && <Alert type="error" showIcon message={errorMessage(settings.error)} style={{ marginBottom: 16 }} />}
      {timeZoneUpdate && (
        <Form layout="vertical" style={{ maxWidth: 360 }}>
          <Form.Item label={t('alerts.timezone')} htmlFor="alert-timezone" extra={t('alerts.timezoneHelp')}>
            <Select
              id="alert-timezone"
              showSearch
              value={zone}
              options={digestTimeZones([zone, Intl.DateTimeFormat().resolvedOptions().timeZone]).map((value) => ({ value, label: value }))}
              data-testid="alert-timezone"
              onChange={(timezone: string) => void save({ ...timeZoneUpdate, timezone })}
            />
          </Form.Item>
        </Form>
      )}
      <Table<AlertSetting>
        rowKey="clientId"
        size="small"
        aria-label={t('alerts.tableLabel')}
        data-testid="alert-settings"
        loading={settings.isLoading || update.isPending}
        dataSource={data?.settings ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('alerts.empty') }}
      />
    </Card>
  );
}

/** A row's price floor and drop percentage, saved together with the Save button (an emptied input clears it). */
function PriceThresholds({ setting, onSave }: { setting: AlertSetting; onSave: (input: NonNullable<ReturnType<typeof priceUpdateOf>>) => Promise<unknown> }) {
  const { t } = useTranslation(['profile', 'common']);
  const [floor, setFloor] = useState<number | null>(setting.priceFloor);
  const [drop, setDrop] = useState<number | null>(setting.priceDropPercent);
  const change = priceUpdateOf(setting, floor, drop);
  const client = setting.clientName;
  return (
    <Space wrap>
      <InputNumber<number>
        value={floor}
        min={0}
        placeholder={t('alerts.priceFloor')}
        aria-label={t('alerts.priceFloorLabel', { client })}
        data-testid={`alert-${setting.clientId}-floor`}
        onChange={setFloor}
        style={{ width: 140 }}
      />
      <InputNumber<number>
        value={drop}
        min={0}
        max={100}
        addonAfter="%"
        placeholder={t('alerts.priceDrop')}
        aria-label={t('alerts.priceDropLabel', { client })}
        data-testid={`alert-${setting.clientId}-drop`}
        onChange={setDrop}
        style={{ width: 130 }}
      />
      <Button size="small" disabled={!change} onClick={() => change && void onSave(change)} data-testid={`alert-${setting.clientId}-save`} aria-label={t('alerts.saveLabel', { client })}>
        {t('common:save')}
      </Button>
    </Space>
  );
}
