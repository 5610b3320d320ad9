import { NEW_SINCE, WATCH_CHANGES, type NewSince, type RecordWatchChange } from '@portal/contract';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateTime';
import type { FilterValue } from '../../records/listQuery';
import type { RecordColumn } from '../../records/types';
import { headerWidth } from '../../records/values';
import { CHANGE_COLORS, fieldChangeText, type ChangeKind, type Translate } from './changeWords';

/**
 * The watches' columns in the EC record list (issue 30): "changes", the record's latest watch change (its kind, the
 * fields from what to what, when), filtered by the kind; and when a watch first found the record, whose filter is
 * "new since" (the last run, the last day, week or 30 days). The server adds both to listed records (derived data);
 * their filters are fixed choices, not the columns' distinct values.
 */
const KEYS = ['watch_change', 'watch_found_at'] as const;
type WatchColumnKey = (typeof KEYS)[number];
export const WATCH_COLUMN_KEYS: ReadonlySet<string> = new Set(KEYS);
const isWatchKey = (key: string): key is WatchColumnKey => WATCH_COLUMN_KEYS.has(key);
const isChange = (v: unknown): v is ChangeKind => (WATCH_CHANGES as readonly unknown[]).includes(v);
const isNewSince = (v: unknown): v is NewSince => (NEW_SINCE as readonly unknown[]).includes(v);

export interface WatchColumnTexts {
  watchLabel: (key: string) => string;
  watchHint: (key: string) => string;
  changeLabel: (change: string) => string;
  newSinceLabel: (choice: string) => string;
  fieldChange: (change: RecordWatchChange['fields'][number]) => string;
}

export function useWatchColumnTexts(): WatchColumnTexts {
  const { t } = useTranslation('watches');
  return useMemo(
    () => ({
      watchLabel: (key) => (isWatchKey(key) ? t(`column.${key}`) : key),
      watchHint: (key) => (isWatchKey(key) ? t(`column.${key}.hint`) : ''),
      changeLabel: (change) => (isChange(change) ? t(`change.${change}`) : change),
      newSinceLabel: (choice) => (isNewSince(choice) ? t(`newSince.${choice}`) : choice),
      fieldChange: (change) => fieldChangeText(change, t as Translate),
    }),
    [t],
  );
}

type WithWatch = { watch_change?: RecordWatchChange | null; watch_found_at?: string | null };

export function watchColumn<R extends object>(key: string, texts: WatchColumnTexts): RecordColumn<R> {
  const of = (r: R) => r as WithWatch;
  if (key === 'watch_found_at') {
    return {
      key,
      title: texts.watchLabel(key),
      // The filter's icon and the hint's beside the title.
      width: Math.max(170, headerWidth(texts.watchLabel(key), 2)),
      tooltip: texts.watchHint(key),
      value: (r) => of(r).watch_found_at ?? null,
      text: (v) => (typeof v === 'string' ? formatDateTime(v) : ''),
      fixedOptions: NEW_SINCE.map((value) => ({ value })),
      optionText: (v) => texts.newSinceLabel(String(v)),
    };
  }
  return {
    key,
    title: texts.watchLabel(key),
    width: Math.max(240, headerWidth(texts.watchLabel(key), 2)),
    tooltip: texts.watchHint(key),
    value: (r) => (of(r).watch_change?.change ?? null) as FilterValue,
    text: (v) => (typeof v === 'string' ? texts.changeLabel(v) : ''),
    fixedOptions: WATCH_CHANGES.map((value) => ({ value })),
    cell: (r) => {
      const change = of(r).watch_change;
      if (!change) return '';
      const details = change.fields.map(texts.fieldChange).join(' · ');
      return (
        <span data-testid="watch-change" title={`${texts.changeLabel(change.change)} ${formatDateTime(change.at)}${details ? `\n${details}` : ''}`}>
          <Tag color={CHANGE_COLORS[change.change as ChangeKind]}>{texts.changeLabel(change.change)}</Tag>
          <Typography.Text>{details || formatDateTime(change.at)}</Typography.Text>
        </span>
      );
    },
  };
}
