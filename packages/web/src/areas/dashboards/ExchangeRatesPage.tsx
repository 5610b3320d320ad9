import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dashboards, isMessageKey, translate, type ExchangeRate } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { currentLocale } from '../../platform/i18n';
import { useRates, useSetRate } from './queries';

/**
 * Administrators keep the exchange rates the dashboard converts prices with: each currency's latest dated rate is
 * in use (how many US dollars one unit is worth). Saving a rate for a new date adds it; for a date it has, corrects it.
 */
export default function ExchangeRatesPage() {
  const { t } = useTranslation('dashboards');
  const { message } = App.useApp();
  const rates = useRates();
  const setRate = useSetRate();
  const [currency, setCurrency] = useState('');
  const [usdRate, setUsdRate] = useState<number | null>(null);
  const [date, setDate] = useState<Dayjs | null>(dayjs());
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = dashboards.setRateInput.safeParse({ currency, usdRate: usdRate ?? undefined, date: date?.format('YYYY-MM-DD') ?? '' });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      void message.error(isMessageKey(key) ? translate(currentLocale(), key) : key);
      return;
    }
    setSaving(true);
    try {
      await setRate(parsed.data);
      void message.success(t('rates.saved', { currency: parsed.data.currency }));
    } catch (failure) {
      void message.error(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const edit = (r: ExchangeRate) => {
    setCurrency(r.currency);
    setUsdRate(r.usdRate);
    setDate(dayjs());
  };

  return (
    <Card title={t('rates.title')} data-testid="exchange-rates">
      <Typography.Paragraph type="secondary">{t('rates.help')}</Typography.Paragraph>
      {rates.data?.age?.stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('rates.stale', { max: rates.data.age.maxAgeDays, date: rates.data.age.oldestDate, days: rates.data.age.ageDays })}
          data-testid="rates-stale"
        />
      )}
      {/* Fields outside the form's store (no `name`): each label points at its field by id. */}
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('rates.currency')} htmlFor="rate-currency-field" required>
          <Input value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} maxLength={3} style={{ width: 90 }} id="rate-currency-field" data-testid="rate-currency" />
        </Form.Item>
        <Form.Item label={t('rates.usdRate')} htmlFor="rate-value-field" required>
          <InputNumber value={usdRate} onChange={(v) => setUsdRate(typeof v === 'number' ? v : null)} min={0} stringMode={false} style={{ width: 180 }} id="rate-value-field" data-testid="rate-value" />
        </Form.Item>
        <Form.Item label={t('rates.date')} htmlFor="rate-date-field" required>
          <DatePicker value={date} onChange={setDate} id="rate-date-field" data-testid="rate-date" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="rate-save">
            {t('rates.save')}
          </Button>
        </Form.Item>
      </Form>
      <Table
        size="small"
        bordered
        rowKey="currency"
        loading={rates.isLoading}
        dataSource={rates.data?.rates ?? []}
        pagination={false}
        columns={[
          { title: t('rates.currency'), dataIndex: 'currency', width: 110 },
          { title: t('rates.usdRate'), dataIndex: 'usdRate', align: 'right' },
          { title: t('rates.perUsd'), key: 'per', align: 'right', render: (_: unknown, r: ExchangeRate) => (1 / r.usdRate).toLocaleString(currentLocale(), { maximumSignificantDigits: 6 }) },
          { title: t('rates.date'), dataIndex: 'date', width: 130 },
          {
            title: t('rates.age'),
            key: 'age',
            width: 150,
            align: 'right',
            render: (_: unknown, r: ExchangeRate) => (
              <Space size={4}>
                {r.stale && <Tag color="warning">{t('rates.staleTag')}</Tag>}
                {r.ageDays.toLocaleString(currentLocale())}
              </Space>
            ),
          },
          {
            title: '',
            key: 'edit',
            width: 90,
            render: (_: unknown, r: ExchangeRate) => (
              <Space>
                <Typography.Link onClick={() => edit(r)} data-testid={`rate-edit-${r.currency}`}>
                  <EditOutlined /> {t('rates.edit')}
                </Typography.Link>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
