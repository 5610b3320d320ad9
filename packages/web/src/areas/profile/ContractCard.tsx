import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTRACT_CURRENCIES, SERVICES, type Service } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import type { User } from '../../platform/session';

type ServiceInfo = User['serviceInfo'][number];

interface Row {
  service: Service;
  contract: ServiceInfo | undefined;
}

/** Contract currencies 1 USD, 2 JPY, 3 CNY (spec 3); an unknown code shows as it is. */
function currencyCode(currency: number): string {
  return currency in CONTRACT_CURRENCIES ? CONTRACT_CURRENCIES[currency as keyof typeof CONTRACT_CURRENCIES] : String(currency);
}

/** Spec 2.5 (client users): one row per service, EC, SNS, WS and Other, blank where there is no contract. */
export function ContractCard({ services }: { services: ServiceInfo[] }) {
  const { t } = useTranslation(['profile', 'contract']);
  const amount = new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 2 });
  const rows: Row[] = SERVICES.map((service) => ({ service, contract: services.find((s) => s.service === service) }));
  return (
    <Card title={t('contract.title')}>
      <Table<Row>
        rowKey="service"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="profile-contracts"
        columns={[
          { key: 'service', title: t('contract.service'), render: (_, row) => t(`contract:service.${row.service}`) },
          { key: 'from', title: t('contract.from'), render: (_, row) => row.contract?.start_date ?? '-' },
          { key: 'to', title: t('contract.to'), render: (_, row) => row.contract?.end_date ?? '-' },
          {
            key: 'fee',
            title: t('contract.fee'),
            align: 'right',
            render: (_, row) => (row.contract ? amount.format(row.contract.fee) : '-'),
          },
          {
            key: 'currency',
            title: t('contract.currency'),
            render: (_, row) => (row.contract ? currencyCode(row.contract.currency) : '-'),
          },
        ]}
      />
    </Card>
  );
}
