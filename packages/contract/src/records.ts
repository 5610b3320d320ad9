import { z } from 'zod';
import { id, recordId } from './accounts.js';
import type { MessageKey } from './messages/index.js';
import { idParam, jsonParam } from './query-params.js';
import { isoDate, MATCH_TYPES } from './search.js';
import { IMAGE_MATCH_KINDS } from './pictures.js';

/**
 * Document 3: what the marketplace (EC) and website (WS) record lists share. Each kind names its own whitelisted
 * fields; the schemas below are built from them, so both lists search, filter, sort, page, batch and keep history
 * in the same shape.
 */

/** A column filter value: text, number, boolean, or `null` for blank. */
export const filterValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
/** The most values fetch-filters answers. */
export const FILTER_VALUES_MAX = 1000;

/** The whitelisted field names of one record kind, by their answer names. */
export interface RecordSearchFields<W extends string, D extends string, F extends string, S extends string> {
  word: readonly [W, ...W[]];
  date: readonly [D, ...D[]];
  filter: readonly [F, ...F[]];
  sort: readonly [S, ...S[]];
}

/** The list's search conditions (document 3, section 7) without the client: the export's `search` parameter. */
function searchShape<W extends string, D extends string, F extends string, S extends string>(fields: RecordSearchFields<W, D, F, S>) {
  return {
    keyword: z.string().max(200, 'validation.tooLong').optional().default(''),
    wordFields: z.array(z.enum(fields.word, { error: 'validation.searchField' })).max(fields.word.length).optional().default([]),
    dateFields: z.array(z.enum(fields.date, { error: 'validation.searchField' })).max(fields.date.length).optional().default([]),
    startDate: z.union([isoDate, z.literal(''), z.null()]).optional(),
    endDate: z.union([isoDate, z.literal(''), z.null()]).optional(),
    searchType: z.union(MATCH_TYPES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], { error: 'validation.searchType' }).optional().default(3),
    whereFields: z
      .array(z.object({ key: z.enum(fields.filter, { error: 'validation.searchField' }), values: z.array(filterValue).max(1000) }))
      .max(fields.filter.length)
      .optional()
      .default([]),
    orderFields: z
      .array(z.object({ key: z.enum(fields.sort, { error: 'validation.searchField' }), value: z.union([z.literal(1), z.literal(2)]) }))
      .max(3)
      .optional()
      .default([]),
    /** 1: only the rows section 4 flags as errors (analysts). */
    filterErrorRecord: z.union([z.literal(0), z.literal(1), z.boolean()]).optional().default(0).transform((v) => v === 1 || v === true),
    /** The records a notice was about. */
    noticeId: id.optional(),
    /** 1: only the records whose re-check after a takedown found the listing still live. */
    filterStillLive: z.union([z.literal(0), z.literal(1), z.boolean()]).optional().default(0).transform((v) => v === 1 || v === true),
    /** Triage suggestions (analysts only; ignored for client users): any, none, or one suggested subcategory id. */
    suggested: z.union([z.literal('any'), z.literal('none'), id], { error: 'validation.searchField' }).optional(),
    /** Issue 31: only records whose listing picture has a match of any of these kinds (none given: no condition). */
    imageMatch: z.array(z.enum(IMAGE_MATCH_KINDS, { error: 'validation.searchField' })).max(IMAGE_MATCH_KINDS.length).optional(),
  };
}
const datesInOrder = (c: { startDate?: string | null | undefined; endDate?: string | null | undefined }) => !c.startDate || !c.endDate || c.endDate >= c.startDate;
const endBeforeStart = () => ({ message: 'validation.endBeforeStart', path: ['endDate'] });

/** The list's search (document 3, section 7): conditions, column filters (`null` = blank), sort, error filter, notice. */
export function recordSearchSchema<W extends string, D extends string, F extends string, S extends string>(fields: RecordSearchFields<W, D, F, S>) {
  return z.object({ clientId: id, ...searchShape(fields) }).refine(datesInOrder, endBeforeStart());
}

/** The search's conditions alone (the client is named apart, as the download's tenant parameter). */
export function searchConditionsSchema<W extends string, D extends string, F extends string, S extends string>(fields: RecordSearchFields<W, D, F, S>) {
  return z.object(searchShape(fields)).refine(datesInOrder, endBeforeStart());
}

/**
 * The export's query (GET <kind>-data/export-search-result): the client, and the list's search conditions as the
 * JSON search-records takes (without the client and the paging), in one `search` parameter.
 */
export function exportQuerySchema<T extends z.ZodType>(conditions: T) {
  return z.object({
    clientId: idParam.describe('The client whose records to export.'),
    search: jsonParam(conditions)
      .optional()
      .describe('The search conditions as JSON: search-records\' payload without clientId, limit and offset (keyword, wordFields, dateFields, startDate, endDate, searchType, whereFields, orderFields, filterErrorRecord, filterStillLive, noticeId, suggested, imageMatch). Left out: every record.'),
  });
}

/** The search plus paging. */
export function searchRecordsInputSchema<T extends z.ZodType>(search: T) {
  return search.and(
    z.object({
      limit: z.number().int().min(1).max(500).optional().default(20),
      offset: z.number().int().min(0).max(100_000_000).optional().default(0),
    }),
  );
}
/** One page of a kind's records. */
export function searchRecordsOutputSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    /**
     * The ids of this page's records that have a picture (an image URL, an uploaded screenshot or a done capture):
     * the list asks `/api/records/thumbnail` for these only; the others show a placeholder without a request.
     */
    pictured: z.array(z.number()),
    /** The number of matching records, as `totalIs` says: exact, about (an estimate known to be close), or at least. */
    total: z.number(),
    totalIs: z.enum(['exact', 'about', 'atLeast']),
    offset: z.number(),
    /** Rows flagged as errors among the client's records (analysts; 0 for clients). */
    errorRecordCount: z.number(),
    /** The client's visible records whose re-check after a takedown found the listing still live. */
    stillLiveCount: z.number(),
  });
}

export function fetchFiltersInputSchema<F extends string>(filter: readonly [F, ...F[]]) {
  return z.object({ clientId: id, fieldName: z.enum(filter, { error: 'validation.searchField' }) });
}

/** A kind's list and detail schemas from its record answer and its whitelisted fields. */
export function recordListSchemas<R extends z.ZodType, W extends string, D extends string, F extends string, S extends string>(
  record: R,
  fields: RecordSearchFields<W, D, F, S>,
) {
  const recordSearch = recordSearchSchema(fields);
  const searchConditions = searchConditionsSchema(fields);
  return {
    /** The list's search: conditions, column filters (`null` = blank), sort, error filter, notice. */
    recordSearch,
    searchConditions,
    exportQuery: exportQuerySchema(searchConditions),
    searchRecordsInput: searchRecordsInputSchema(recordSearch),
    searchRecordsOutput: searchRecordsOutputSchema(record),
    fetchFiltersInput: fetchFiltersInputSchema(fields.filter),
    recordOutput: z.object({ record }),
  };
}
export const fetchFiltersOutput = z.object({
  /** The most frequent values first, `null` for blank; at most FILTER_VALUES_MAX. `label`: the value in the reader's language (stored match reasons). */
  filters: z.array(z.object({ value: filterValue, count: z.number(), label: z.string().optional() })),
  total: z.number(),
  offset: z.number(),
});

export const recordIdInput = z.object({ clientId: id, recordId });

export const historyRow = z.object({
  id: z.number(),
  updateByUserName: z.string(),
  createdAt: z.string(),
  /** What changed: `batch-category`, `batch-action`, `update`, `upload-update`, `inherit`. */
  source: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export const historyOutput = z.object({ history: z.array(historyRow) });

/** Payload helpers shared by the update calls: '' is blank. */
export const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable()).optional();
export const optionalCode = (max: number, message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.number({ error: message }).int(message).min(1, message).max(max, message).nullable()).optional();
export const optionalId = z.preprocess((v) => (v === '' ? null : v), id.nullable()).optional();
export const optionalText = (max: number) => z.string().max(max, 'validation.tooLong').optional();

/** Selected rows of a batch update. */
export const recordIds = z.array(recordId).min(1, 'validation.noRecordsSelected').max(10_000, 'validation.tooManyRecords');
/** A batch update's value: a code from 1 to max. */
export const batchCode = (max: number) =>
  z.number({ error: 'validation.batchValueRequired' }).int('validation.batchValueRequired').min(1, 'validation.batchValueRequired').max(max, 'validation.batchValueRequired');
/** A batch's answer: how many records it set, and the batch (its maker may undo it, see fetch-last-batch). */
export const batchOutput = z.object({ updateCount: z.number(), batchId: z.number() });
/** The user's last batch of a kind and client that can still be undone (10 minutes), or null. */
export const lastBatchInput = z.object({ clientId: id });
export const lastBatchOutput = z.object({
  batch: z.object({ batchId: z.number(), field: z.string(), value: z.number(), count: z.number(), createdAt: z.string(), undoUntil: z.string() }).nullable(),
});
export const undoBatchInput = z.object({ clientId: id, batchId: id });
export const undoBatchOutput = z.object({ updateCount: z.number() });

/** The list's column chooser, remembered per user and kind: the record fields (and custom column names) shown. */
export const getColumnsInput = z.object({});
export const columnsOutput = z.object({ columns: z.array(z.string()).nullable() });
export const setColumnsInput = z.object({ columns: z.array(z.string().min(1).max(200)).max(300) });

/** A record's report rounds and final result, whatever the kind calls them; blank is null. */
export interface RoundValues {
  rounds: readonly (readonly [result: unknown, date: unknown])[];
  result: unknown;
  confirmDate: unknown;
}
/**
 * Section 4: a row is an error when a round's or the final result lacks its date (or the reverse), a later round is
 * filled while the one before is empty, or the final result is filled while no round is.
 */
export function roundsInError(v: RoundValues): boolean {
  const filled = v.rounds.map(([res, date]) => res !== null || date !== null);
  if (v.rounds.some(([res, date]) => (res === null) !== (date === null))) return true;
  if (filled.some((f, i) => i > 0 && f && !filled[i - 1])) return true;
  if ((v.result === null) !== (v.confirmDate === null)) return true;
  return v.result !== null && !filled.some(Boolean);
}

/**
 * The fields the save rule reads, by their update payload names (the same for EC and WS; for WS records
 * `categoryId` is the site category); blank is null, undefined or ''.
 */
export type SaveRuleFields = Record<
  | 'categorizeDate' | 'categoryId' | 'processResult' | 'processConfirmDate'
  | 'process1Result' | 'process1Date' | 'process2Result' | 'process2Date' | 'process3Result' | 'process3Date',
  unknown
>;

/**
 * Document 3, section 5 "Record detail save (analyst only), checked in this order": the first problem, or null.
 * 1 categorize date; 2 category (EC: the subcategory; WS: the site category, categoryId); 3 each round's result and
 * date together; 4 round 2 needs round 1, round 3 needs round 2; 5 the final result and its confirm date together;
 * 6 a final result needs a round. The browser checks with it before sending; the server checks the saved record
 * merged with the change.
 */
export function recordSaveProblem(f: SaveRuleFields): { key: MessageKey; params?: { round: number } } | null {
  const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
  if (!filled(f.categorizeDate)) return { key: 'validation.categorizeDateRequired' };
  if (!filled(f.categoryId)) return { key: 'validation.recordCategoryRequired' };
  const rounds = [
    [f.process1Result, f.process1Date],
    [f.process2Result, f.process2Date],
    [f.process3Result, f.process3Date],
  ] as const;
  for (const [i, [result, date]] of rounds.entries()) {
    if (filled(result) !== filled(date)) return { key: 'validation.roundIncomplete', params: { round: i + 1 } };
  }
  const used = rounds.map(([result, date]) => filled(result) || filled(date));
  for (const n of [1, 2]) if (used[n] && !used[n - 1]) return { key: 'validation.roundOrder', params: { round: n } };
  if (filled(f.processResult) !== filled(f.processConfirmDate)) return { key: 'validation.finalIncomplete' };
  if (filled(f.processResult) && !used.some(Boolean)) return { key: 'validation.finalWithoutRound' };
  return null;
}

/**
 * What the website and SNS kinds share (and a further kind of the same form would): a categorized record with three
 * report rounds, a final result and the client's response. Their update payload, who may change what, the answer's
 * round and response part, the batch updates and the error flag are built here once.
 */

/** The update payload's names and the record field (answer name) each changes. */
export const CATEGORIZED_UPDATE_FIELDS = {
  categoryId: 'categoryId',
  categorizeDate: 'categorizeDate',
  remarks: 'remarks',
  process1Result: 'process1ResultId',
  process1Date: 'process1Date',
  process1ConfirmDate: 'process1ConfirmDate',
  process2Result: 'process2ResultId',
  process2Date: 'process2Date',
  process2ConfirmDate: 'process2ConfirmDate',
  process3Result: 'process3ResultId',
  process3Date: 'process3Date',
  process3ConfirmDate: 'process3ConfirmDate',
  processResult: 'processResultId',
  processConfirmDate: 'processConfirmDate',
  processRemarks: 'processRemarks',
  action: 'action',
  trademarkId: 'trademarkId',
  responseDate: 'responseDate',
  responseRemarks: 'responseRemarks',
} as const;
export type CategorizedUpdateField = keyof typeof CATEGORIZED_UPDATE_FIELDS;
/** The labels of the response, round and final result fields: the record field list's last columns. */
export const CATEGORIZED_FIELD_LABELS = [
  { key: 'action', en: 'Enforcement flag', ja: '対応方針' },
  { key: 'responseRemarks', en: 'Client comment', ja: 'クライアントコメント' },
  { key: 'trademarkId', en: 'Trademark registration number', ja: '商標登録番号' },
  { key: 'responseDate', en: 'Response date', ja: '回答日' },
  { key: 'process1Date', en: '1st report date', ja: '1回目申立日' },
  { key: 'process1ResultId', en: '1st result', ja: '1回目結果' },
  { key: 'process1ConfirmDate', en: '1st confirm date', ja: '1回目確認日' },
  { key: 'process2Date', en: '2nd report date', ja: '2回目申立日' },
  { key: 'process2ResultId', en: '2nd result', ja: '2回目結果' },
  { key: 'process2ConfirmDate', en: '2nd confirm date', ja: '2回目確認日' },
  { key: 'process3Date', en: '3rd report date', ja: '3回目申立日' },
  { key: 'process3ResultId', en: '3rd result', ja: '3回目結果' },
  { key: 'process3ConfirmDate', en: '3rd confirm date', ja: '3回目確認日' },
  { key: 'processResultId', en: 'Final result', ja: '最終結果' },
  { key: 'processConfirmDate', en: 'Final result date', ja: '最終結果確認日' },
  { key: 'processRemarks', en: 'Remarks', ja: '備考' },
] as const;

/** Fields only analysts may change (a client user sending one is refused). */
export const CATEGORIZED_ANALYST_FIELDS = [
  'categoryId', 'categorizeDate', 'remarks', 'process1Result', 'process1Date', 'process1ConfirmDate', 'process2Result', 'process2Date',
  'process2ConfirmDate', 'process3Result', 'process3Date', 'process3ConfirmDate', 'processResult', 'processConfirmDate', 'processRemarks',
] as const;
/** Fields a client user may change: the response. */
export const CATEGORIZED_RESPONSE_FIELDS = ['action', 'trademarkId', 'responseDate', 'responseRemarks'] as const;

/** Answer helpers: a number or a date (YYYY-MM-DD) that may be blank (null). */
export const nullableNumber = z.number().nullable();
export const nullableDate = z.string().nullable();
/** The answer's response, rounds and bookkeeping, after the kind's own fields (spread into the kind's record schema). */
export const categorizedRecordTail = {
  /** Client action 1-3 (WS_ACTIONS, which SNS_ACTIONS are). */
  action: nullableNumber,
  responseRemarks: z.string(),
  trademarkId: nullableNumber,
  responseDate: nullableDate,
  process1Date: nullableDate,
  process1ResultId: nullableNumber,
  process1ConfirmDate: nullableDate,
  process2Date: nullableDate,
  process2ResultId: nullableNumber,
  process2ConfirmDate: nullableDate,
  process3Date: nullableDate,
  process3ResultId: nullableNumber,
  process3ConfirmDate: nullableDate,
  processResultId: nullableNumber,
  processConfirmDate: nullableDate,
  processRemarks: z.string(),
  /** The rules of section 4 find a round or the final result inconsistent (shown to analysts). */
  is_error: z.boolean(),
  /** Visible to the client's users (the report was posted with it). */
  published: z.boolean(),
  updated_at: z.string(),
};

/** The update payload's three report rounds (every kind's payload names them so): result 1-3 and dates. */
export function roundsUpdateShape() {
  const result = optionalCode(3, 'validation.processResultInvalid');
  return {
    process1Result: result,
    process1Date: optionalDate,
    process1ConfirmDate: optionalDate,
    process2Result: result,
    process2Date: optionalDate,
    process2ConfirmDate: optionalDate,
    process3Result: result,
    process3Date: optionalDate,
    process3ConfirmDate: optionalDate,
  };
}

/** The kind's codes: its categories (with the message a wrong one answers) and its client actions. */
export interface CategorizedCodes {
  categoryMax: number;
  categoryMessage: MessageKey;
  actionMax: number;
}
/** The update payload: dates YYYY-MM-DD; '' and null clear a field; an absent field is left as it is. */
export function categorizedUpdateInput(codes: CategorizedCodes) {
  const result = optionalCode(3, 'validation.processResultInvalid');
  return z.object({
    clientId: id,
    recordId,
    categoryId: optionalCode(codes.categoryMax, codes.categoryMessage),
    categorizeDate: optionalDate,
    remarks: optionalText(2000),
    ...roundsUpdateShape(),
    processResult: result,
    processConfirmDate: optionalDate,
    processRemarks: optionalText(2000),
    action: optionalCode(codes.actionMax, 'validation.wsActionInvalid'),
    trademarkId: optionalId,
    responseDate: optionalDate,
    responseRemarks: optionalText(2000),
  });
}
/** Analysts set the category, client users the action, of the selected (for clients: published) records. */
export function categorizedBatchInputs(codes: CategorizedCodes) {
  return {
    batchCategoryInput: z.object({ clientId: id, recordIds, categoryId: batchCode(codes.categoryMax) }),
    batchActionInput: z.object({ clientId: id, recordIds, action: batchCode(codes.actionMax) }),
  };
}

/** Section 4's error flag for a categorized record. */
export function categorizedRecordErrors(
  r: Record<'process1ResultId' | 'process1Date' | 'process2ResultId' | 'process2Date' | 'process3ResultId' | 'process3Date' | 'processResultId' | 'processConfirmDate', unknown>,
): boolean {
  return roundsInError({
    rounds: [
      [r.process1ResultId, r.process1Date],
      [r.process2ResultId, r.process2Date],
      [r.process3ResultId, r.process3Date],
    ],
    result: r.processResultId,
    confirmDate: r.processConfirmDate,
  });
}
