import dayjs, { type Dayjs } from 'dayjs';
import { MatchType, type SearchConditions } from '@portal/contract';

/** The search bar's form values and their conversion to and from the contract's SearchConditions (spec 2.9). */
export interface SearchValues<D extends string, W extends string> {
  dateFields: D[];
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  wordFields: W[];
  keyword: string;
  searchType: SearchConditions['searchType'];
}

export const DATE_FORMAT = 'YYYY-MM-DD';

export const MATCH_OPTIONS = [
  { value: MatchType.PREFIX, key: 'match.prefix' },
  { value: MatchType.SUFFIX, key: 'match.suffix' },
  { value: MatchType.FUZZY, key: 'match.fuzzy' },
  { value: MatchType.EXACT, key: 'match.exact' },
] as const;

function parseDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

export function toValues<D extends string, W extends string>(initial: Partial<SearchConditions<D, W>> | undefined): SearchValues<D, W> {
  return {
    dateFields: initial?.dateFields ?? [],
    startDate: parseDate(initial?.startDate),
    endDate: parseDate(initial?.endDate),
    wordFields: initial?.wordFields ?? [],
    keyword: initial?.keyword ?? '',
    searchType: initial?.searchType ?? MatchType.FUZZY,
  };
}

/** What Find sends: every key of the contract's shape, dates as YYYY-MM-DD or null, the keyword trimmed. */
export function toConditions<D extends string, W extends string>(values: SearchValues<D, W>): SearchConditions<D, W> {
  return {
    dateFields: values.dateFields,
    startDate: values.startDate ? values.startDate.format(DATE_FORMAT) : null,
    endDate: values.endDate ? values.endDate.format(DATE_FORMAT) : null,
    wordFields: values.wordFields,
    keyword: values.keyword.trim(),
    searchType: values.searchType,
  };
}

/** Spec 5: an end date earlier than the start date is not submitted (compared by day). */
export function endBeforeStart(start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean {
  return Boolean(start && end && end.isBefore(start, 'day'));
}
