import { Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../platform/session';
import { MembersOnlyText } from '../../components/MembersOnly';
import { ImpactSettingsPanel } from './ImpactSettingsPanel';
import { GenuinePhotosPanel } from './GenuinePhotosPanel';

/** Spec 2.13, /data-setting: a client user's impact settings for their own company, and its genuine photos to see (issue 31). */
export default function DataSettingPage() {
  const { t } = useTranslation(['settings', 'common', 'pictures']);
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
      <Tabs
        items={[
          { key: 'other', label: t('tab.otherSettings'), children: <ImpactSettingsPanel clientId={clientId} /> },
          { key: 'pictures', label: t('pictures:tab'), children: <GenuinePhotosPanel clientId={clientId} mayChange={false} /> },
        ]}
      />
    </Card>
  );
}
