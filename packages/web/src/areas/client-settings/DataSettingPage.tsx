import { Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../platform/session';
import { MembersOnlyText } from '../../components/MembersOnly';
import { ImpactSettingsPanel } from './ImpactSettingsPanel';

/** Spec 2.13, /data-setting: a client user's impact settings for their own company. */
export default function DataSettingPage() {
  const { t } = useTranslation(['settings', 'common']);
  const clientId = useUser().companyInfo?.client_id;
  if (clientId === undefined) {
    return (
      <div data-testid="data-setting-no-company">
        <Result status="info" title={t('common:membersOnly.title')} subTitle={<MembersOnlyText />} />
      </div>
    );
  }
  return (
    <Card title={t('page.title')}>
      <Tabs items={[{ key: 'other', label: t('tab.otherSettings'), children: <ImpactSettingsPanel clientId={clientId} /> }]} />
    </Card>
  );
}
