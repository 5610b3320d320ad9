import { useMemo } from 'react';
import { Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_MATCH_KINDS, type ImageMatchKind } from '@portal/contract';
import type { RecordColumn } from './types';
import { headerWidth } from './values';
import type { PictureFacts } from './pictureFile';
import { MatchKindTag } from './PictureMatchTags';

/** The match column's key: no field of the record, so never a sort, a column filter or a saved column. */
export const MATCH_COLUMN_KEY = '__pictureMatches';

/** The match kinds of a record, each once, in the contract's order. */
export function matchKindsOf(facts: PictureFacts): ImageMatchKind[] {
  const found = new Set((facts.imageMatches ?? []).map((m) => m.kind));
  return IMAGE_MATCH_KINDS.filter((k) => found.has(k));
}

/**
 * Issue 31: the lists' column of a record's picture matches, as compact tags with the reasons on hovering them (as
 * the suggested column; the detail says them to everyone), from the search answer: nothing more is asked. Null for a
 * kind without pictures.
 */
export function useMatchColumn<R>(facts: ((record: R) => PictureFacts) | null, recordId: (record: R) => number, records: readonly R[]): RecordColumn<R> | null {
  const { t } = useTranslation('pictures');
  // Shown when a row of the page has a match: a list of a client without pictures keeps its width for its fields.
  const anyMatch = facts !== null && records.some((r) => matchKindsOf(facts(r)).length > 0);
  return useMemo(() => {
    if (!facts || !anyMatch) return null;
    return {
      key: MATCH_COLUMN_KEY,
      title: t('list.column'),
      // Room for two kinds' tags side by side in either language (the rows are one line high).
      width: Math.max(200, headerWidth(t('list.column'), 0)),
      value: () => null,
      text: () => '',
      cell: (record: R) => {
        const kinds = matchKindsOf(facts(record));
        if (kinds.length === 0) return null;
        const reasons = (facts(record).imageMatches ?? []).map((m) => m.reason).join('\n');
        return (
          <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{reasons}</span>}>
            <span data-testid={`picture-match-kinds-${recordId(record)}`} data-kinds={kinds.join(',')}>
              {kinds.map((k) => (
                <MatchKindTag key={k} kind={k} />
              ))}
            </span>
          </Tooltip>
        );
      },
    };
  }, [facts, recordId, t, anyMatch]);
}

/** The lists' filter on match kinds (any of the chosen ones), for every role: the server keeps client users to their posted records. */
export function MatchFilter({ value, onChange, testPrefix }: { value: ImageMatchKind[] | undefined; onChange: (v: ImageMatchKind[] | undefined) => void; testPrefix: string }) {
  const { t } = useTranslation('pictures');
  return (
    <Select<ImageMatchKind[]>
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={(v) => onChange(v.length ? v : undefined)}
      placeholder={t('list.filter')}
      aria-label={t('list.filter')}
      style={{ minWidth: 200 }}
      options={IMAGE_MATCH_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      data-testid={`${testPrefix}-list-picture-match`}
    />
  );
}
