import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Copyright() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('copyright', { year: new Date().getFullYear() })}
    </Typography.Text>
  );
}
