import { useMemo } from 'react';
import type { ButtonProps } from 'antd';
import { App, Button, Dropdown, Popover, Select } from 'antd';
import { BulbOutlined, CheckOutlined } from '@ant-design/icons';
import { useCall } from '../../platform/calls';
import type { TriageKind, TriageSuggestion } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../platform/api';
import type { RecordColumn } from '../../records/types';
import { categoryLabel, useCategoryOptions } from './queries';
import { TraceList } from './trace';

/**
 * The record lists' triage parts (issue 19, point 2), analysts only: the "suggested" column (the page's
 * suggestions, fetched beside the page), its filter, and accepting suggestions for the selection or the whole
 * search result after a confirmation naming how many records change.
 */
export const SUGGESTED_COLUMN = 'triage:suggested';

export function useSuggestedColumn<R>(kind: TriageKind, clientId: number | undefined, records: R[], recordId: (r: R) => number, enabled: boolean): RecordColumn<R> | null {
  const { t } = useTranslation('triage');
  const categories = useCategoryOptions(kind);
  const ids = useMemo(() => records.map(recordId), [records, recordId]);
  const query = useCall('/api/triage/fetch-suggestions', { clientId: clientId ?? 0, kind, recordIds: ids }, {
    select: (answer) => answer.suggestions,
    enabled: enabled && clientId !== undefined && ids.length > 0,
    staleTime: 10_000,
  });
  const byId = useMemo(() => new Map((query.data ?? []).map((s) => [s.recordId, s])), [query.data]);
  return useMemo(() => {
    if (!enabled) return null;
    const of = (r: R): TriageSuggestion | undefined => byId.get(recordId(r));
    return {
      key: SUGGESTED_COLUMN,
      title: t('list.column'),
      width: 200,
      value: (r: R) => of(r)?.subcategoryId ?? null,
      text: (v) => (typeof v === 'number' ? categoryLabel(categories, v) : ''),
      cell: (r: R) => {
        const s = of(r);
        if (!s) return null;
        return (
          <Popover content={<TraceList rule={s.ruleName} trace={s.trace} />} trigger="hover">
            <span data-testid={`triage-suggested-${s.recordId}`}>
              <BulbOutlined /> {categoryLabel(categories, s.subcategoryId)}
            </span>
          </Popover>
        );
      },
    };
  }, [enabled, byId, recordId, t, categories]);
}

export function SuggestedFilter({ kind, value, onChange, testPrefix }: { kind: TriageKind; value: 'any' | 'none' | number | undefined; onChange: (v: 'any' | 'none' | number | undefined) => void; testPrefix: string }) {
  const { t } = useTranslation('triage');
  const categories = useCategoryOptions(kind);
  return (
    <Select<'any' | 'none' | number>
      allowClear
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      placeholder={t('list.filter')}
      aria-label={t('list.filter')}
      style={{ width: 240 }}
      options={[{ value: 'any', label: t('list.filterAny') }, { value: 'none', label: t('list.filterNone') }, ...categories]}
      data-testid={`${testPrefix}-list-suggested`}
    />
  );
}

/** The accept button: the selected records, or the whole search result (the list's search without paging). */
export function AcceptSuggestions({ kind, clientId, selected, search, disabledReason, onDone }: {
  kind: TriageKind;
  clientId: number | undefined;
  selected: number[];
  search: Record<string, unknown> | null;
  disabledReason?: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('triage');
  const { message, modal } = App.useApp();
  const accept = async (target: { recordIds: number[] } | { search: Record<string, unknown> }) => {
    if (clientId === undefined) return;
    const payload = { clientId, target: { kind, ...target } } as Parameters<typeof api<'/api/triage/accept-suggestions'>>[1];
    try {
      const { count } = await api('/api/triage/fetch-accept-count', payload);
      if (count === 0) {
        void message.info(t('list.nothing'));
        return;
      }
      modal.confirm({
        title: t('list.confirmTitle'),
        content: <span data-testid="triage-accept-confirm-text">{t('list.confirm', { count })}</span>,
        okText: t('list.confirmOk'),
        okButtonProps: { 'data-testid': 'triage-accept-confirm' } as ButtonProps,
        onOk: async () => {
          try {
            const done = await api('/api/triage/accept-suggestions', payload);
            void message.success(t('list.accepted', { count: done.updateCount }));
            onDone();
          } catch (error) {
            void message.error(errorMessage(error));
          }
        },
      });
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };
  const items = [
    { key: 'selected', label: t('list.acceptSelected', { count: selected.length }), disabled: selected.length === 0 },
    { key: 'all', label: t('list.acceptAll'), disabled: search === null },
  ];
  return (
    <Dropdown
      disabled={clientId === undefined || disabledReason !== undefined}
      menu={{
        items: items.map((i) => ({ ...i, 'data-testid': `triage-accept-${i.key}` })),
        onClick: ({ key }) => void accept(key === 'selected' ? { recordIds: selected } : { search: search! }),
      }}
    >
      <Button icon={<CheckOutlined />} title={disabledReason} data-testid={`${kind}-triage-accept`}>
        {t('list.accept')}
      </Button>
    </Dropdown>
  );
}
