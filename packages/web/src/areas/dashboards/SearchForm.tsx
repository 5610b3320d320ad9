import { useState } from 'react';
import { App, Button, DatePicker, Form, Radio, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dashboards, isMessageKey, translate, type CallInput } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import { useClientOptions } from './queries';

export type DashboardSearch = CallInput<'/api/ec-dashboard/fetch-info'>;

/** Section 9: the current calendar year. */
export const defaultPeriod = (now = dayjs()) => ({ from: now.startOf('year'), to: now.endOf('year').startOf('day') });

/**
 * The dashboard's search form (section 2): brand (staff only), date basis, from and to, Find. The form's rules
 * (section 5) are the contract's: the first one broken is shown as a toast, and nothing is sent.
 */
export function SearchForm({ staff, ownClientId, onSearch }: { staff: boolean; ownClientId: number | undefined; onSearch: (search: DashboardSearch) => void }) {
  const { t } = useTranslation('dashboards');
  const { message } = App.useApp();
  const clients = useClientOptions(staff);
  const period = defaultPeriod();
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const [dateType, setDateType] = useState<1 | 2>(1);
  const [from, setFrom] = useState<Dayjs | null>(period.from);
  const [to, setTo] = useState<Dayjs | null>(period.to);

  const find = () => {
    const input = { clientId: staff ? clientId : ownClientId, dateType, fromDate: from?.format('YYYY-MM-DD') ?? '', toDate: to?.format('YYYY-MM-DD') ?? '' };
    const parsed = dashboards.fetchInfoInput.safeParse(input);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      void message.error(isMessageKey(key) ? translate(currentLocale(), key) : key);
      return;
    }
    onSearch(parsed.data);
  };

  return (
    <Form layout="inline" style={{ rowGap: 12 }} data-testid="dashboard-search">
      {staff && (
        <Form.Item label={t('form.brand')} required>
          <Select
            style={{ width: 240 }}
            showSearch
            optionFilterProp="label"
            loading={clients.isLoading}
            placeholder={t('form.brandPlaceholder')}
            value={clientId}
            onChange={setClientId}
            options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
            aria-label={t('form.brand')}
            data-testid="dashboard-client"
          />
        </Form.Item>
      )}
      <Form.Item label={t('form.dateType')} required>
        <Radio.Group value={dateType} onChange={(e) => setDateType(e.target.value as 1 | 2)} data-testid="dashboard-date-type">
          <Radio value={1}>{t('form.scanMonth')}</Radio>
          <Radio value={2}>{t('form.categorizeDate')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('form.period')} required>
        <Space>
          <DatePicker value={from} onChange={setFrom} placeholder={t('form.from')} data-testid="dashboard-from" />
          <span>–</span>
          <DatePicker value={to} onChange={setTo} placeholder={t('form.to')} data-testid="dashboard-to" />
        </Space>
      </Form.Item>
      <Form.Item>
        <Button type="primary" icon={<SearchOutlined />} onClick={find} disabled={staff && !clients.data} data-testid="dashboard-find">
          {t('form.find')}
        </Button>
      </Form.Item>
    </Form>
  );
}
