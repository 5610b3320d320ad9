import { Button, Checkbox, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { IMAGE_MATCH_KINDS, KIND_CONDITIONS, type TriageCondition, type TriageConditionType, type TriageKind } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { snsPlatformOptions } from './queries';

/** A new condition of a type, with its first values. */
export function newCondition(type: TriageConditionType): TriageCondition {
  switch (type) {
    case 'words':
      return { type, match: 'any', words: [] };
    case 'pattern':
      return { type, pattern: '' };
    case 'list':
      return { type, list: 'black' };
    case 'cluster':
      return { type, minSellers: 2, repeatOffender: false };
    case 'site':
      return { type, sites: [] };
    case 'region':
      return { type, regions: [] };
    case 'modelPrice':
      return { type, belowPercent: 50 };
    case 'priceScore':
      return { type, above: 3 };
    case 'brandHint':
      return { type };
    case 'count':
      return { type, field: 'sold', above: 100 };
    case 'picture':
      return { type, matches: ['same-photo'] };
  }
}

/** One condition of the rule editor: its type and the values it asks for. */
export function ConditionEditor({ kind, value, index, onChange, onRemove }: {
  kind: TriageKind;
  value: TriageCondition;
  index: number;
  onChange: (c: TriageCondition) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation(['triage', 'pictures']);
  const id = (part: string) => `triage-condition-${index}-${part}`;
  const tags = (values: string[], set: (v: string[]) => void, options?: { value: string; label: string }[]) => (
    <Select
      mode={options ? 'multiple' : 'tags'}
      style={{ minWidth: 320 }}
      value={values}
      options={options}
      onChange={set}
      tokenSeparators={options ? undefined : [',', '、']}
      placeholder={t('editor.wordsPlaceholder')}
      data-testid={id('values')}
    />
  );
  let body: React.ReactNode = null;
  switch (value.type) {
    case 'words':
      body = (
        <>
          <Select value={value.match} onChange={(match) => onChange({ ...value, match })} options={[{ value: 'any', label: t('editor.any') }, { value: 'all', label: t('editor.all') }]} style={{ width: 140 }} />
          {tags(value.words, (words) => onChange({ ...value, words }))}
        </>
      );
      break;
    case 'pattern':
      body = <Input value={value.pattern} onChange={(e) => onChange({ ...value, pattern: e.target.value })} maxLength={100} style={{ width: 320 }} placeholder="e.g. AA\d+" data-testid={id('pattern')} />;
      break;
    case 'list':
      body = <Select value={value.list} onChange={(list) => onChange({ ...value, list })} options={[{ value: 'black', label: t('editor.black') }, { value: 'white', label: t('editor.white') }]} style={{ width: 180 }} />;
      break;
    case 'cluster':
      body = (
        <>
          {t('editor.minSellers')}
          <InputNumber min={2} max={100000} value={value.minSellers} onChange={(n) => onChange({ ...value, minSellers: n ?? 2 })} />
          <Checkbox checked={value.repeatOffender} onChange={(e) => onChange({ ...value, repeatOffender: e.target.checked })}>{t('editor.repeatOffender')}</Checkbox>
        </>
      );
      break;
    case 'site':
      body = tags(value.sites, (sites) => onChange({ ...value, sites }), kind === 'sns' ? snsPlatformOptions(i18n.language === 'ja') : undefined);
      break;
    case 'region':
      body = tags(value.regions, (regions) => onChange({ ...value, regions }));
      break;
    case 'modelPrice':
      body = <InputNumber min={0} max={1000000} value={value.belowPercent} onChange={(n) => onChange({ ...value, belowPercent: n ?? 0 })} addonAfter="%" data-testid={id('number')} />;
      break;
    case 'priceScore':
      body = <InputNumber min={-1000000} max={1000000} step={0.5} value={value.above} onChange={(n) => onChange({ ...value, above: n ?? 0 })} data-testid={id('number')} />;
      break;
    case 'brandHint':
      break;
    case 'count':
      body = (
        <>
          <Select value={value.field} onChange={(field) => onChange({ ...value, field })} options={[{ value: 'sold', label: t('editor.sold') }, { value: 'stock', label: t('editor.stock') }]} style={{ width: 140 }} />
          <InputNumber min={0} max={2000000000} value={value.above} onChange={(n) => onChange({ ...value, above: n ?? 0 })} data-testid={id('number')} />
        </>
      );
      break;
    case 'picture':
      body = (
        <Select
          mode="multiple"
          style={{ minWidth: 320 }}
          value={value.matches}
          onChange={(matches) => onChange({ ...value, matches })}
          options={IMAGE_MATCH_KINDS.map((kind) => ({ value: kind, label: t(`pictures:kind.${kind}`) }))}
          aria-label={t('editor.pictureMatches')}
          data-testid={id('values')}
        />
      );
      break;
  }
  return (
    <Space wrap align="center" data-testid={id('row')}>
      <Select
        value={value.type}
        style={{ width: 260 }}
        onChange={(type: TriageConditionType) => onChange(newCondition(type))}
        options={KIND_CONDITIONS[kind].map((type) => ({ value: type, label: t(`condition.${type}`) }))}
        data-testid={id('type')}
      />
      {body}
      <Button icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('editor.removeCondition')} />
    </Space>
  );
}
