import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The footer of the session pages and of the shell: the copyright and the accessibility statement. */
export function Copyright() {
  const { t } = useTranslation();
  return (
    <Space size={16} style={{ fontSize: 12 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('copyright', { year: new Date().getFullYear() })}
      </Typography.Text>
      <Link to="/accessibility" data-testid="accessibility-link">
        {t('a11y.link')}
      </Link>
    </Space>
  );
}
