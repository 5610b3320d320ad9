import type { ComponentType, ReactNode } from 'react';
import type { CallPath, Locale, MessageKey, SearchConditions } from '@portal/contract';
import type { CallQueryOf, PickedCall, SeededCall } from '../platform/calls';
import type { exportConditions, ListFields, searchPayload } from './listQuery';
import type { FilterOption, HistoryEntry, RecordColumn } from './types';
import type { RecordPictureParts } from './picture';
import type { PictureFacts } from './pictureFile';
import type { TotalIs } from './listTotal';

/**
 * What a record kind (EC, WS, SNS) gives the shared list and detail (`RecordList`, `RecordDetailPage`): its names,
 * field lists, calls, the paths it reads, lookups, columns and labels, and the parts of its detail. Every member is required
 * (a part a kind does not have is stated as such, `null` or an empty list), so a kind that forgets one does not
 * type-check; the engine never guesses a kind or falls back to one.
 */

/** The types one kind binds: its record, its list's field names, its lookups and its detail form. */
export interface KindTypes {
  record: object;
  date: string;
  word: string;
  filter: string;
  sort: string;
  /** The names the kind shows ids and codes by (in the user's language). */
  lookups: { locale: Locale };
  /** The detail form's values. */
  values: object;
  /** The update call's input. */
  payload: { clientId: number; recordId: number };
}

/** The export's search conditions for one kind's field names. */
export type ExportConditions<T extends KindTypes> = ReturnType<typeof exportConditions<T['date'], T['word'], T['filter'], T['sort']>>;

/** The search call's input for one kind's field names. */
export type SearchInput<T extends KindTypes> = ReturnType<typeof searchPayload<T['date'], T['word'], T['filter'], T['sort']>>;

/** What a record search answers (every kind alike). */
export interface SearchAnswer<R> {
  records: R[];
  /** The ids of the page's records that have a picture (the others show a placeholder, nothing is asked). */
  pictured: number[];
  total: number;
  /** Exact, about (an estimate known to be close) or at least: how the total is said. */
  totalIs: TotalIs;
  errorRecordCount: number;
  /** The client's visible records still live after a takedown (their re-check). */
  stillLiveCount: number;
}

/** The record kinds; the name prefixes the test ids (`ec-list-total`, `ws-detail-save`, `sns-batch-submit` …). */
export type KindName = 'ec' | 'ws' | 'sns';

/** A record of a client, as the record calls name it. */
export interface RecordIds {
  clientId: number;
  recordId: number;
}

/**
 * The calls of a kind (each kind's own paths, typed by the contract). The reads are cached under their paths
 * (platform/calls.ts): a change marks stale the paths it touches; the changes are plain calls.
 */
export interface RecordCalls<T extends KindTypes> {
  search: PickedCall<SearchInput<T>, SearchAnswer<T['record']>>;
  getRecord: SeededCall<RecordIds, T['record']>;
  /** Answers the saved record (as the detail shows it next). */
  update: (payload: T['payload']) => Promise<T['record']>;
  fetchFilters: PickedCall<{ clientId: number; fieldName: T['filter'] }, FilterOption[]>;
  getColumns: SeededCall<Record<string, never>, string[] | null>;
  setColumns: (columns: string[]) => Promise<string[] | null>;
  /** Analysts set the category, client users the action; answers how many records changed. */
  batch: (args: { analyst: boolean; clientId: number; recordIds: number[]; value: number }) => Promise<number>;
  /** The user's last batch of this client that can still be undone (10 minutes), or null; and its undo. */
  lastBatch: PickedCall<{ clientId: number }, LastBatch | null>;
  undoBatch: (clientId: number, batchId: number) => Promise<number>;
  history: PickedCall<RecordIds, HistoryEntry[]>;
}

/** A batch update its maker may still undo (the same in every kind). */
export interface LastBatch {
  batchId: number;
  /** The field it set (history key) and the value, as the list's history texts show them. */
  field: string;
  value: number;
  count: number;
  undoUntil: string;
}

/** What the list shows, from the kind's lookups in the user's language. */
export interface RecordListView<R> {
  /** Every column in display order. */
  columns: RecordColumn<R>[];
  /** A field's label (search bar, filter summary). */
  fieldLabel: (field: string) => string;
  batchOptions: readonly { value: number; label: string }[];
  /** The batch value's placeholder (analysts: the category, client users: the action, in the kind's words). */
  batchPlaceholder: string;
  /** A history row's field (payload or record naming) and value as the user reads them. */
  historyLabel: (field: string) => string;
  historyText: (field: string, value: HistoryEntry['fields'][string]) => string;
}

/** A call the list starts with the page (a lookup the table waits for). */
export type PrefetchOptions = CallQueryOf<unknown> & { staleTime: number };

/** The top of a record's detail, in the user's language. */
export interface DetailHeading {
  title: string;
  /** The title's tooltip (the whole text it may cut). */
  tooltip: string;
  /** The kind's tags after the record's id (site, category, repeat …); the error and posted tags are shared. */
  tags: ReactNode;
  /** The page the open button (access key O) opens; null disables it. */
  openUrl: string | null;
  openLabel: string;
  /** An update payload field's label (for a refused value's message). */
  payloadLabel: (field: string) => string;
}

/** Why a form cannot be saved (document 3, section 5; the contract's rule, the server's messages). */
export interface SaveProblem {
  key: MessageKey;
  params?: { round: number };
}

/** True when an update payload carries nothing but the ids (nothing changed: an info toast, not a call). */
export function isEmptyUpdate(payload: object): boolean {
  return Object.keys(payload).every((key) => key === 'clientId' || key === 'recordId');
}

/** The update payload's check (the contract's zod schema). */
export interface PayloadSchema {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly PayloadIssue[] } };
}
interface PayloadIssue {
  message: string;
  path: readonly PropertyKey[];
}

export interface DetailPartProps<T extends KindTypes> {
  record: T['record'];
  clientId: number;
  analyst: boolean;
  lookups: T['lookups'];
  /** Puts a changed record in the cache (the page shows it at once), e.g. after an evidence upload. */
  setRecord: (record: T['record']) => void;
}

/** The detail's own parts of a kind (document 3, section 2). */
export interface RecordDetailParts<T extends KindTypes> {
  useHeading: (record: T['record'], lookups: T['lookups']) => DetailHeading;
  /**
   * The scraped facts on the detail's side, beside the form's sections (inside the form: EC's custom scraped
   * columns are fields); null when the kind has none.
   */
  Before: ComponentType<DetailPartProps<T>> | null;
  /** What the record offers for its picture (its image URL, its uploaded screenshots): picture.ts chooses. */
  picture: (record: T['record']) => RecordPictureParts;
  /** The form's sections (with their fields named as the form's values). */
  Sections: ComponentType<DetailPartProps<T>>;
  /**
   * What of the lookups the form's values depend on, as text (EC: the custom columns' names as JSON; '' for none): a
   * change gives the form new starting values; other lookups arriving late leave the user's edits alone.
   */
  formBasis: (lookups: T['lookups']) => string;
  /** The form's starting values: the saved record (and the basis). */
  formValues: (record: T['record'], basis: string) => T['values'];
  /** The save rule in the spec's order, checked for analysts before anything is sent. */
  saveProblem: (values: T['values'], record: T['record']) => SaveProblem | null;
  /** The ids and each field the role may change whose value differs from the saved record. */
  changedPayload: (args: { clientId: number; record: T['record']; values: T['values']; analyst: boolean }) => T['payload'];
  payloadSchema: PayloadSchema;
}

export interface RecordKind<T extends KindTypes> {
  name: KindName;
  /** `/ec-list`: the list's route (the detail's way back). */
  listPath: string;
  /** The detail page of a record, without its query. */
  detailPath: (record: T['record']) => string;
  fields: ListFields<T['date'], T['word'], T['filter'], T['sort']>;
  /** The search bar before any search. */
  initialSearch: SearchConditions<T['date'], T['word']>;
  /** What the list shows until the user chooses. */
  defaultColumns: readonly string[];
  /** The export's link (the contract's downloadHref of the kind's export-search-result). */
  exportHref: (clientId: number, search: ExportConditions<T>) => string;
  /** Every cached read of the kind's record screens (its calls' and its lookups' paths): a report action marks them stale. */
  reads: readonly CallPath[];
  recordId: (record: T['record']) => number;
  isError: (record: T['record']) => boolean;
  published: (record: T['record']) => boolean;
  calls: RecordCalls<T>;
  /** The kind's names for a client (`ready`: what the detail waits for before it shows a form). */
  useLookups: (clientId: number | undefined) => T['lookups'] & { ready: boolean };
  /** The list's columns and labels for the lookups; `detailHref` links a cell to its detail. */
  useView: (args: { lookups: T['lookups']; analyst: boolean; detailHref: (record: T['record']) => string }) => RecordListView<T['record']>;
  /** Calls to start with the list page (lookups its table waits for); none: an empty list. */
  prefetch: (clientId: number | undefined) => readonly PrefetchOptions[];
  detail: RecordDetailParts<T>;
  /**
   * Issue 31: what a record answer says of its listing picture (EC, SNS), or null for a kind whose records carry no
   * picture address (WS): the list's match column and filter and the detail's picture matches follow it.
   */
  pictureFacts: ((record: T['record']) => PictureFacts) | null;
  /** The list's find by picture (EC), or null. */
  FindByPicture: ComponentType<{ clientId: number }> | null;
}
