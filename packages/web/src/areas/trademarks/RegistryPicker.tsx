import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Select, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REGIONAL_OFFICES, TRADEMARK_REGISTRIES, trademarkRegionName } from '@portal/contract/trademark-lists';
import { toLocale } from '../../platform/i18n';
import { registryGroups, type RegistryOption } from './model';

const PINNED = REGIONAL_OFFICES.map((o) => o.code);

/**
 * Spec 2: pick one of the national and regional trademark databases and open it in a new window. Until the user
 * picks one, the registry of the form's region is offered; nothing picked is an error toast.
 */
export function RegistryPicker({ region }: { region?: string }) {
  const { t, i18n } = useTranslation('trademarks');
  const locale = toLocale(i18n.language);
  const { message } = App.useApp();
  // undefined: follow the form's region; null: cleared by the user.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const groups = useMemo(() => registryGroups(TRADEMARK_REGISTRIES, (code) => trademarkRegionName(code, locale), locale, PINNED), [locale]);
  const value = chosen === undefined ? TRADEMARK_REGISTRIES.find((r) => r.code === region)?.id : (chosen ?? undefined);

  const open = () => {
    const registry = TRADEMARK_REGISTRIES.find((r) => r.id === value);
    if (!registry) {
      void message.error(t('registry.none'));
      return;
    }
    window.open(registry.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <Card size="small" title={t('registry.title')}>
      <Flex gap={8} wrap align="center">
        <Select<string>
          showSearch
          allowClear
          value={value}
          onChange={(id) => setChosen(id ?? null)}
          options={groups.map((g) => ({ label: g.label, title: g.label, options: g.options }))}
          filterOption={(input, option) => Boolean((option as RegistryOption | undefined)?.search?.includes(input.trim().toLowerCase()))}
          placeholder={t('registry.placeholder')}
          popupMatchSelectWidth={false}
          listHeight={360}
          style={{ flex: '1 1 360px', minWidth: 0, maxWidth: 720 }}
          aria-label={t('registry.title')}
          data-testid="registry-select"
        />
        <Button icon={<ExportOutlined />} onClick={open} data-testid="registry-open">
          {t('registry.open')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('registry.hint')}
      </Typography.Text>
    </Card>
  );
}
