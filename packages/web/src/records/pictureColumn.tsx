import type { EvidenceKind } from '@portal/contract';
import { listThumbnailUrl } from './picture';
import { RecordThumb } from './RecordThumb';
import type { RecordColumn } from './types';
import { headerWidth } from './values';

/** The picture column's key: not a field, so never sent as a sort, a filter or a saved column. */
export const PICTURE_COLUMN_KEY = '__picture';
const PICTURE_WIDTH = 64;

/**
 * The record lists' picture column (issue 18), for every kind: placed after the first (fixed) column so it is in
 * view without scrolling, outside the column chooser (it is no field of the record). Only the records the list
 * answer names in `pictured` ask for their picture; the others show the placeholder.
 */
export function withPictureColumn<R>(
  columns: readonly RecordColumn<R>[],
  args: { kind: EvidenceKind; clientId: number | undefined; recordId: (record: R) => number; title: string; pictured: ReadonlySet<number> },
): RecordColumn<R>[] {
  const { kind, clientId, recordId, title, pictured } = args;
  if (clientId === undefined || columns.length === 0) return [...columns];
  const picture: RecordColumn<R> = {
    key: PICTURE_COLUMN_KEY,
    title,
    width: Math.max(PICTURE_WIDTH, headerWidth(title, 0)),
    value: () => null,
    text: () => '',
    cell: (record) => {
      const id = recordId(record);
      return <RecordThumb kind={kind} src={listThumbnailUrl(kind, clientId, id, pictured)} recordId={id} alt="" />;
    },
  };
  return [columns[0]!, picture, ...columns.slice(1)];
}
