import type { Dayjs } from 'dayjs';
import {
  MatchType,
  trademarks,
  type CallInput,
  type ImageType,
  type Locale,
  type MessageKey,
  type SearchConditions,
  type Trademark,
  type TrademarkStatus,
} from '@portal/contract';
import { trademarkImageUrl } from '../../records/pictureFile';
import type { IssueLike } from '../../platform/formError';
import type { FormSchema } from '../../components/useSchemaForm';

/** The pure parts of the trademark screens (spec document 2, sections 2 to 5): payloads, filters, file checks. */

export const DATE_FORMAT = 'YYYY-MM-DD';
export const PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500] as const;


// ---------------------------------------------------------------- the list

export type DateField = (typeof trademarks.TRADEMARK_DATE_FIELDS)[number];
export type WordField = (typeof trademarks.TRADEMARK_WORD_FIELDS)[number];
export type SortField = (typeof trademarks.TRADEMARK_SORT_FIELDS)[number];
export type Conditions = SearchConditions<DateField, WordField>;
export type SearchInput = CallInput<'/api/trademark/search-trademarks'>;

/** A keyword searches every keyword field until the user narrows them. */
export const INITIAL_CONDITIONS: Conditions = {
  dateFields: [],
  startDate: null,
  endDate: null,
  wordFields: [...trademarks.TRADEMARK_WORD_FIELDS],
  keyword: '',
  searchType: MatchType.FUZZY,
};

/** The status filter's key for the blank status (antd filter keys cannot be null). */
export const BLANK_STATUS = 'blank';
export type StatusKey = TrademarkStatus | typeof BLANK_STATUS;

/** The column filters as the table holds them (antd's controlled filteredValue). */
export interface Filters {
  client: number[];
  region: string[];
  type: string[];
  status: StatusKey[];
}
export const NO_FILTERS: Filters = { client: [], region: [], type: [], status: [] };

export interface Sort {
  field: SortField;
  order: 'ascend' | 'descend';
}

/** What antd's Table onChange reports for the filters: each column key's chosen values, or null. */
export type TableFilters = Record<string, readonly (string | number | boolean | bigint)[] | null | undefined>;

/** Reads the table's filters into ours; values of the wrong kind are dropped. */
export function filtersFromTable(table: TableFilters): Filters {
  const list = (key: string) => table[key] ?? [];
  return {
    client: list('client').map(Number).filter((n) => Number.isInteger(n) && n > 0),
    region: list('region').map(String),
    type: list('type').map(String),
    status: list('status')
      .map((v) => (v === BLANK_STATUS ? BLANK_STATUS : Number(v)))
      .filter((v): v is StatusKey => v === BLANK_STATUS || (trademarks.TRADEMARK_STATUSES as readonly unknown[]).includes(v)),
  };
}

/** The `?region=JP` of a link (the trademark-countries grid) as the first region filter; anything else is ignored. */
export function regionFromQuery(value: string | null): string[] {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? [code] : [];
}

/** The search call's input: the bar's conditions, the filters given (blank status as null), the sort and the page. */
export function searchInput(args: { conditions: Conditions; filters: Filters; sort: Sort | null; current: number; pageSize: number; clientId?: number }): SearchInput {
  const { conditions, filters, sort, current, pageSize, clientId } = args;
  const chosen: NonNullable<SearchInput['filters']> = {};
  if (filters.client.length) chosen.clientId = filters.client;
  if (filters.region.length) chosen.region = filters.region;
  if (filters.type.length) chosen.type = filters.type;
  if (filters.status.length) chosen.status = filters.status.map((s) => (s === BLANK_STATUS ? null : s));
  return {
    ...conditions,
    ...(clientId === undefined ? {} : { clientId }),
    filters: chosen,
    ...(sort ? { sort } : {}),
    current,
    pageSize,
  };
}

/** The label of a status for the table and the select; null is the blank status. */
export const STATUS_LABELS = { 1: 'status.registered', 2: 'status.applying', 3: 'status.rejected' } as const;

/** The stored image, served to a signed-in browser by its cookie. */
export const imageUrl = trademarkImageUrl;

/** Dates of the answers as YYYY-MM-DD (a timestamp is cut to its day). */
export function day(value: string | null): string {
  return value ? value.slice(0, 10) : '';
}

// ---------------------------------------------------------------- the form

/** The form's values; the submit turns them into the contract's payload with `payloadOf`. */
export interface TrademarkFormValues {
  clientId?: number;
  region?: string;
  no: string;
  type?: string;
  text: string;
  image: string | null;
  registerDate: Dayjs | null;
  invalidDate: Dayjs | null;
  remindFlag: boolean;
  belongsto: string;
  descriptionJP: string;
  descriptionEN: string;
  descriptionCN: string;
  /** '' is the blank status (the contract reads it as null). */
  status: TrademarkStatus | '';
  remarks: string;
}

export const emptyTrademark = (): TrademarkFormValues => ({
  no: '',
  text: '',
  image: null,
  registerDate: null,
  invalidDate: null,
  remindFlag: false,
  belongsto: '',
  descriptionJP: '',
  descriptionEN: '',
  descriptionCN: '',
  status: '',
  remarks: '',
});

export function trademarkValuesOf(saved: Trademark, parseDate: (value: string) => Dayjs): TrademarkFormValues {
  const date = (value: string | null) => (value ? parseDate(day(value)) : null);
  return {
    clientId: saved.trademark_client_id,
    region: saved.trademark_region || undefined,
    no: saved.trademark_no,
    type: saved.trademark_type || undefined,
    text: saved.trademark_text,
    image: saved.trademark_image,
    registerDate: date(saved.trademark_register_date),
    invalidDate: date(saved.trademark_invalid_date),
    remindFlag: saved.trademark_remind_flag,
    belongsto: saved.trademark_belongsto,
    descriptionJP: saved.trademark_description_ja,
    descriptionEN: saved.trademark_description_en,
    descriptionCN: saved.trademark_description_cn,
    status: saved.trademark_status ?? '',
    remarks: saved.trademark_remarks,
  };
}

/** The payload fields shared by create and update (dates as YYYY-MM-DD or null), to validate with the contract. */
export function payloadOf(values: Partial<TrademarkFormValues>) {
  const { clientId: _clientId, registerDate, invalidDate, ...rest } = values;
  return {
    ...rest,
    registerDate: registerDate ? registerDate.format(DATE_FORMAT) : null,
    invalidDate: invalidDate ? invalidDate.format(DATE_FORMAT) : null,
  };
}

export type TrademarkUpdate = CallInput<'/api/trademark/update-trademark'>;
type UpdateField = Exclude<keyof TrademarkUpdate, 'trademarkId'>;

/** Each update field's saved value, in the shape the validated payload has (trimmed text, null for blanks). */
const SAVED: Record<UpdateField, (t: Trademark) => unknown> = {
  no: (t) => t.trademark_no,
  region: (t) => t.trademark_region,
  type: (t) => t.trademark_type,
  text: (t) => t.trademark_text,
  belongsto: (t) => t.trademark_belongsto,
  descriptionJP: (t) => t.trademark_description_ja,
  descriptionEN: (t) => t.trademark_description_en,
  descriptionCN: (t) => t.trademark_description_cn,
  status: (t) => t.trademark_status,
  remarks: (t) => t.trademark_remarks,
  remindFlag: (t) => t.trademark_remind_flag,
  image: (t) => t.trademark_image,
  registerDate: (t) => (t.trademark_register_date ? day(t.trademark_register_date) : null),
  invalidDate: (t) => (t.trademark_invalid_date ? day(t.trademark_invalid_date) : null),
};

/**
 * Spec 4 (as for sites): the validated update without what equals the saved trademark, keeping the id.
 * The id alone means nothing changed. A removed image is sent as image: null, so the server drops the saved one.
 */
export function changedFields(saved: Trademark, data: TrademarkUpdate): TrademarkUpdate {
  const sent: Record<string, unknown> = { trademarkId: data.trademarkId };
  for (const key of Object.keys(SAVED) as UpdateField[]) {
    const value = data[key];
    if (value !== undefined && value !== SAVED[key](saved)) sent[key] = value;
  }
  return sent as TrademarkUpdate;
}

/**
 * A contract schema with one more rule checked first (spec 5 shows the first problem): "please select the client"
 * for staff on add, "enter the word mark or image mark" on the request. `extra` answers the issue, or null.
 */
export function withFirstRule<T>(schema: FormSchema<T>, extra: (values: unknown) => IssueLike | null): FormSchema<T> {
  return {
    safeParse(values) {
      const issue = extra(values);
      const result = schema.safeParse(values);
      if (!issue) return result;
      return { success: false, error: { issues: [issue, ...(result.success ? [] : result.error.issues)] } };
    },
  };
}

export function issue(message: MessageKey, field: string): IssueLike {
  return { message, path: [field] };
}

// ---------------------------------------------------------------- files

export type FileProblem = 'type' | 'size' | null;

/** Spec 5: a trademark image is PNG or JPEG; a request's design mark may also be BMP or GIF; both at most 10 MB. */
export const TRADEMARK_IMAGE_KINDS = trademarks.TRADEMARK_IMAGE_TYPES;
export const REQUEST_IMAGE_KINDS = trademarks.REQUEST_IMAGE_TYPES;

export function extensionsOf(kinds: readonly ImageType[]): string[] {
  return kinds.flatMap((kind) => trademarks.IMAGE_EXTENSIONS[kind]);
}

/** For the file input's `accept`: ".png,.jpg,.jpeg". */
export function acceptOf(kinds: readonly ImageType[]): string {
  return extensionsOf(kinds)
    .map((ext) => `.${ext}`)
    .join(',');
}

/** The browser's check before a file is used: its extension, then its size (the server checks the bytes anyway). */
export function fileProblem(file: { name: string; size: number }, kinds: readonly ImageType[]): FileProblem {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!extensionsOf(kinds).includes(extension)) return 'type';
  if (file.size > trademarks.TRADEMARK_IMAGE_MAX_BYTES) return 'size';
  return null;
}

// ---------------------------------------------------------------- the registry picker

export interface RegistryOption {
  value: string;
  label: string;
  /** The registry's address, shown as the option's tooltip. */
  title: string;
  /** What typing in the select searches: region name and code, office and database. */
  search: string;
}

export interface RegistryGroup {
  code: string;
  label: string;
  options: RegistryOption[];
}

/**
 * The registries grouped by the region they serve: the organisations (`pinned`, in their order) first, then the
 * countries by name in the interface language; each labelled "office — database".
 */
export function registryGroups(
  registries: readonly { id: string; code: string; officeEn: string; officeJa: string; database: string; url: string }[],
  regionName: (code: string) => string,
  locale: Locale,
  pinned: readonly string[],
): RegistryGroup[] {
  const groups = new Map<string, RegistryGroup>();
  for (const r of registries) {
    let group = groups.get(r.code);
    if (!group) {
      group = { code: r.code, label: regionName(r.code), options: [] };
      groups.set(r.code, group);
    }
    const label = `${locale === 'ja' ? r.officeJa : r.officeEn} — ${r.database}`;
    group.options.push({ value: r.id, label, title: r.url, search: `${group.label} ${r.code} ${label}`.toLowerCase() });
  }
  const rank = (code: string) => (pinned.includes(code) ? pinned.indexOf(code) : pinned.length);
  return [...groups.values()].sort((a, b) => rank(a.code) - rank(b.code) || a.label.localeCompare(b.label, locale));
}

/** A select's search over its label and its value (a region's name or its code, "Japan" or "JP"). */
export function matchesOption(input: string, option: { label?: unknown; value?: unknown } | undefined): boolean {
  const typed = input.trim().toLowerCase();
  if (!option) return false;
  return String(option.label ?? '').toLowerCase().includes(typed) || String(option.value ?? '').toLowerCase() === typed;
}
