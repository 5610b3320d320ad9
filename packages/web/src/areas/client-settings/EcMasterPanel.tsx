import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandPanel } from './BrandPanel';
import { SpecialUrlTable, SpecialWordTable } from './ListTables';
import { CategoryTable, CustomColumnTable } from './MasterTables';

/** Spec 2.12, EC master info: left-side sub-tabs, each a master of the client. */
export function EcMasterPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('settings');
  return (
    <Tabs
      tabPosition="left"
      items={[
        { key: 'brand', label: t('master.brand'), children: <BrandPanel clientId={clientId} /> },
        { key: 'category', label: t('master.category'), children: <CategoryTable clientId={clientId} /> },
        { key: 'columns', label: t('master.columns'), children: <CustomColumnTable clientId={clientId} /> },
        { key: 'blacklist', label: t('master.blacklist'), children: <SpecialUrlTable clientId={clientId} type={2} /> },
        { key: 'whitelist', label: t('master.whitelist'), children: <SpecialUrlTable clientId={clientId} type={1} /> },
        { key: 'compatible', label: t('master.compatible'), children: <SpecialWordTable clientId={clientId} type={1} /> },
        { key: 'genuine', label: t('master.genuine'), children: <SpecialWordTable clientId={clientId} type={2} /> },
      ]}
    />
  );
}
