import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Input, Spin, Typography, type InputRef } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FilterValue } from './listQuery';
import type { FilterOption } from './types';
import type { CallQueryOf } from '../platform/calls';

/** At most this many options are drawn at once; typing narrows them (a column may have 1000 distinct values). */
const SHOWN_MAX = 200;

export interface FilterDropdownProps {
  /** Open: the values are loaded the first time, then kept (the query's cache). */
  visible: boolean;
  /** The values: a column's own fixed list, or the cached filter call of its field. */
  source: { fixed: readonly FilterOption[] } | { query: CallQueryOf<FilterOption[]> };
  /** The values the list filters on now. */
  applied: readonly FilterValue[];
  text: (value: FilterValue) => string;
  onApply: (values: FilterValue[]) => void;
  close: () => void;
}

const keyOf = (value: FilterValue) => JSON.stringify(value);

/**
 * Spec 2: a column's filter dropdown: the distinct values the server knows for it (most frequent first) with their
 * counts, "(blank)" for empty cells (null), a search box, Reset and Filter. A load failure shows no values (spec 8).
 */
export function FilterDropdown({ source, ...props }: FilterDropdownProps) {
  return 'fixed' in source ? <FilterValues {...props} options={{ data: source.fixed, isLoading: false }} /> : <LoadedFilterValues {...props} query={source.query} />;
}

type ValuesProps = Omit<FilterDropdownProps, 'source'>;

/** The filter call's values, loaded when the dropdown first opens. */
function LoadedFilterValues({ query, ...props }: ValuesProps & { query: CallQueryOf<FilterOption[]> }) {
  const loaded = useQuery({ ...query, enabled: props.visible && query.enabled !== false, staleTime: 30_000 });
  return <FilterValues {...props} options={loaded} />;
}

function FilterValues({ visible, applied, text, onApply, close, options }: ValuesProps & { options: { data: readonly FilterOption[] | undefined; isLoading: boolean } }) {
  const { t } = useTranslation('records');
  const [checked, setChecked] = useState<Set<string>>(() => new Set(applied.map(keyOf)));
  const [typed, setTyped] = useState('');

  const search = useRef<InputRef>(null);
  // Each opening starts from what the list applies now, with the focus in the search box (the keyboard's way in).
  useEffect(() => {
    if (visible) {
      setChecked(new Set(applied.map(keyOf)));
      setTyped('');
    }
  }, [visible, applied]);
  useEffect(() => {
    if (!visible) return;
    const frame = requestAnimationFrame(() => search.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [visible]);

  const all = useMemo(() => {
    const fromServer = options.data ?? [];
    const blank = fromServer.find((o) => o.value === null || o.value === '');
    const rest = fromServer.filter((o) => o.value !== null && o.value !== '');
    // Applied values the answer no longer lists stay choosable, so they can be unticked.
    const known = new Set(rest.map((o) => keyOf(o.value)));
    const missing = applied.filter((v) => v !== null && v !== '' && !known.has(keyOf(v))).map((value): FilterOption => ({ value, count: 0 }));
    return [
      { key: keyOf(null), value: null, label: t('filter.blank'), count: blank?.count },
      ...[...rest, ...missing].map((o) => ({ key: keyOf(o.value), value: o.value, label: o.label ?? (text(o.value) || String(o.value)), count: o.count })),
    ];
  }, [options.data, applied, text, t]);

  const needle = typed.trim().toLowerCase();
  const matching = needle ? all.filter((o) => o.label.toLowerCase().includes(needle)) : all;
  const shown = matching.slice(0, SHOWN_MAX);

  const toggle = (key: string, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const apply = (keys: Set<string>) => {
    onApply(all.filter((o) => keys.has(o.key)).map((o) => o.value));
    close();
  };

  return (
    <Flex vertical gap={8} style={{ padding: 8, width: 280 }} onKeyDown={(e) => {
        // Keys stay in the dropdown (the table's header would sort on Enter); Escape closes it.
        e.stopPropagation();
        if (e.key === 'Escape') close();
      }}
      data-testid="record-filter-dropdown"
    >
      <Input.Search ref={search} allowClear size="small" placeholder={t('filter.search')} value={typed} onChange={(e) => setTyped(e.target.value)} data-testid="record-filter-search" />
      <div style={{ maxHeight: 260, overflowY: 'auto' }}>
        {options.isLoading ? (
          <Flex justify="center" style={{ padding: 16 }}>
            <Spin size="small" />
          </Flex>
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('filter.none')} />
        ) : (
          <Flex vertical gap={2}>
            {shown.map((o) => (
              <div key={o.key} data-testid="record-filter-option" data-value={o.key}>
                <Checkbox checked={checked.has(o.key)} onChange={(e) => toggle(o.key, e.target.checked)}>
                  <span style={{ wordBreak: 'break-all' }}>{o.label}</span>
                  {o.count !== undefined && <Typography.Text type="secondary"> ({o.count})</Typography.Text>}
                </Checkbox>
              </div>
            ))}
          </Flex>
        )}
        {matching.length > SHOWN_MAX && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('filter.more', { count: SHOWN_MAX })}
          </Typography.Text>
        )}
      </div>
      <Flex justify="space-between">
        <Button size="small" type="link" disabled={checked.size === 0 && applied.length === 0} onClick={() => apply(new Set())} data-testid="record-filter-reset">
          {t('filter.reset')}
        </Button>
        <Button size="small" type="primary" onClick={() => apply(checked)} data-testid="record-filter-apply">
          {t('filter.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}
