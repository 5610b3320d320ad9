import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page's chunk or the signed-in user loads. */
export function PageSpin() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240, height: '100%' }}>
      <Spin aria-label={t('loading')} />
    </Flex>
  );
}
