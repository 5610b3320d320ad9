import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MAIL } from '../platform/config';

/** Spec 2.3: "this page is for regular members; contact sales", with the support address as a mail link. */
export function MembersOnlyText() {
  const { t } = useTranslation();
  return (
    <Typography.Text>
      {t('membersOnly.text')} <a href={`mailto:${SUPPORT_MAIL}`}>{SUPPORT_MAIL}</a>
    </Typography.Text>
  );
}
