import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MembersOnlyText } from '../../components/MembersOnly';

/** A client user whose account belongs to no company has no trademarks to manage (as on /data-setting). */
export function NoCompany() {
  const { t } = useTranslation();
  return (
    <div data-testid="trademark-no-company">
      <Result status="info" title={t('membersOnly.title')} subTitle={<MembersOnlyText />} />
    </div>
  );
}
