import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** One shared page for the routes whose screens later issues build; menu and guards already follow the spec. */
export default function PreparingPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="preparing">
      <Result
        icon={<ToolOutlined />}
        title={t('preparing.title')}
        subTitle={t('preparing.text')}
      />
    </div>
  );
}
