import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '../../platform/session';

type Analyst = User['analystInfo'][number];

/** The analysts in charge of a client's company (client users only). */
export function AnalystInfoCard({ analysts }: { analysts: Analyst[] }) {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('analyst.title')}>
      <Table<Analyst>
        rowKey="user_id"
        size="small"
        pagination={false}
        dataSource={analysts}
        columns={[
          { key: 'name', title: t('analyst.name'), dataIndex: 'user_name' },
          { key: 'mail', title: t('analyst.mail'), dataIndex: 'user_mail' },
          { key: 'tel', title: t('analyst.tel'), dataIndex: 'user_tel' },
        ]}
      />
    </Card>
  );
}
