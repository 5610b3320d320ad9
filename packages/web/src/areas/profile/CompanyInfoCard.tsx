import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '../../platform/session';
import { MembersOnlyText } from '../../components/MembersOnly';

/** The user's company; a client not yet linked to one sees the "for regular members" notice instead. */
export function CompanyInfoCard({ company }: { company: User['companyInfo'] }) {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('company.title')} data-testid="profile-company">
      {company ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          labelStyle={{ width: 160 }}
          items={[
            { key: 'name', label: t('company.name'), children: company.client_name },
            { key: 'tel', label: t('company.tel'), children: company.client_tel },
            { key: 'address', label: t('company.address'), children: company.client_address },
            { key: 'remarks', label: t('company.remarks'), children: company.client_remarks },
          ]}
        />
      ) : (
        <MembersOnlyText />
      )}
    </Card>
  );
}
