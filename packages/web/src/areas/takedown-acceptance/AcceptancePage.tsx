import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useCall } from '../../platform/calls';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCEPTANCE_TARGET, Role, SNS_PLATFORMS, hasRole, isMessageKey, takedownAcceptance, translate, type AcceptanceRow, type CallInput } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import { useUser } from '../../platform/session';
import { Bars } from '../dashboards/svg/Bars';
import { useClientOptions } from '../dashboards/queries';
import { acceptanceBars } from './chart';
import { rejectedListHref } from './links';

type Search = CallInput<'/api/takedown/acceptance'>;
const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/**
 * /takedown-acceptance (issue 18, point 5): how the notices sent in a period ended, per marketplace and round,
 * against the 90 % bar; each row's rejected listings open the record list filtered on them. Staff choose the
 * client; a client user sees their own company (the server refuses any other).
 */
export default function AcceptancePage() {
  const { t } = useTranslation('acceptance');
  const { message } = App.useApp();
  const user = useUser();
  const staff = hasRole(user.user_role, Role.ANALYST | Role.ADMIN);
  const ownClientId = user.companyInfo?.client_id;
  const clients = useClientOptions(staff);
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null]>([dayjs().subtract(89, 'day'), dayjs()]);
  const [search, setSearch] = useState<Search | null>(null);
  // No search yet: the empty one, never sent.
  const query = useCall('/api/takedown/acceptance', search ?? { clientId: 0, fromDate: '', toDate: '' }, { enabled: search !== null });

  const find = (chosen = staff ? clientId : ownClientId) => {
    const input = { clientId: chosen, fromDate: period[0]?.format('YYYY-MM-DD') ?? '', toDate: period[1]?.format('YYYY-MM-DD') ?? '' };
    const parsed = takedownAcceptance.acceptanceInput.safeParse(input);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      void message.error(isMessageKey(key) ? translate(currentLocale(), key) : key);
      return;
    }
    setSearch(parsed.data);
  };
  // A client user's own company loads by itself.
  useEffect(() => {
    if (!staff && ownClientId !== undefined) find(ownClientId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [staff, ownClientId]);

  const marketName = (row: Pick<AcceptanceRow, 'kind' | 'marketplace'>) =>
    row.kind === 'ws'
      ? t('websites')
      : row.kind === 'sns'
        ? (SNS_PLATFORMS[Number(row.marketplace) as keyof typeof SNS_PLATFORMS]?.[currentLocale()] ?? row.marketplace)
        : row.marketplace || t('unknownSite');
  const data = query.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="acceptance-page">
      <Card>
        <Form layout="inline" style={{ rowGap: 12 }} onFinish={() => find()}>
          {staff && (
            <Form.Item label={t('client')} required>
              <Select
                style={{ width: 240 }}
                showSearch
                optionFilterProp="label"
                loading={clients.isLoading}
                placeholder={t('clientPlaceholder')}
                value={clientId}
                onChange={setClientId}
                options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
                aria-label={t('client')}
                data-testid="acceptance-client"
              />
            </Form.Item>
          )}
          <Form.Item label={t('period')} required>
            <DatePicker.RangePicker value={period} onChange={(v) => setPeriod([v?.[0] ?? null, v?.[1] ?? null])} allowClear={false} data-testid="acceptance-period" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={query.isFetching} data-testid="acceptance-find">
            {t('find')}
          </Button>
        </Form>
        <Alert type="info" showIcon style={{ marginTop: 16 }} message={t('help', { target: ACCEPTANCE_TARGET * 100 })} data-testid="acceptance-help" />
      </Card>
      {query.isFetching && !data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : query.isError ? (
        <Alert type="error" showIcon message={t('loadFailed')} />
      ) : data && search ? (
        <>
          <Card title={t('chartTitle', { target: data.target * 100 })}>
            <Bars
              testId="acceptance-chart"
              empty={data.rows.every((r) => r.rate === null)}
              title={t('chartTitle', { target: data.target * 100 })}
              height={360}
              format={(v) => `${v} %`}
              {...acceptanceBars(data.rows, data.target, marketName, (n) => t('round', { round: n }), t('target'))}
            />
          </Card>
          <Card title={t('tableTitle')}>
            <Table<AcceptanceRow>
              size="small"
              rowKey={(r) => `${r.kind}|${r.marketplace}|${r.round}`}
              dataSource={data.rows}
              pagination={false}
              locale={{ emptyText: <Empty description={t('empty')} /> }}
              data-testid="acceptance-table"
              columns={[
                { title: t('col.kind'), dataIndex: 'kind', render: (k: AcceptanceRow['kind']) => <Tag>{t(`kind.${k}`)}</Tag> },
                { title: t('col.marketplace'), key: 'marketplace', render: (_, r) => marketName(r) },
                { title: t('col.round'), dataIndex: 'round', render: (n: number) => t('round', { round: n }) },
                { title: t('col.sent'), dataIndex: 'sent', align: 'right' },
                { title: t('col.takenDown'), dataIndex: 'takenDown', align: 'right' },
                {
                  title: t('col.noAction'),
                  dataIndex: 'noAction',
                  align: 'right',
                  render: (n: number, r) => (n > 0 ? <Link to={rejectedListHref(r, search.clientId, search.fromDate, search.toDate)} data-testid="acceptance-rejected">{n}</Link> : n),
                },
                { title: t('col.inReview'), dataIndex: 'inReview', align: 'right' },
                {
                  title: t('col.rate'),
                  dataIndex: 'rate',
                  align: 'right',
                  render: (rate: number | null) => (
                    <Typography.Text type={rate === null ? 'secondary' : rate >= data.target ? 'success' : 'danger'}>{percent(rate)}</Typography.Text>
                  ),
                },
              ]}
              summary={() => (
                <>
                  {data.totals
                    .filter((s) => s.sent > 0)
                    .map((s) => (
                      <Table.Summary.Row key={s.round}>
                        <Table.Summary.Cell index={0} colSpan={3}>
                          <Typography.Text strong>{t('total', { round: s.round })}</Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={3} align="right">{s.sent}</Table.Summary.Cell>
                        <Table.Summary.Cell index={4} align="right">{s.takenDown}</Table.Summary.Cell>
                        <Table.Summary.Cell index={5} align="right">{s.noAction}</Table.Summary.Cell>
                        <Table.Summary.Cell index={6} align="right">{s.inReview}</Table.Summary.Cell>
                        <Table.Summary.Cell index={7} align="right">
                          <Typography.Text strong type={s.rate === null ? 'secondary' : s.rate >= data.target ? 'success' : 'danger'}>{percent(s.rate)}</Typography.Text>
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    ))}
                </>
              )}
            />
          </Card>
        </>
      ) : (
        <Card>
          <Empty description={staff ? t('chooseClient') : t('empty')} />
        </Card>
      )}
    </Space>
  );
}
