import dayjs, { type Dayjs } from 'dayjs';
import type { CallInput, CallPath, NoticeType } from '@portal/contract';

/** Spec 2 "Notices" and 9: the list's page sizes, its first page size and the table's scroll height. */
export const NOTICE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const NOTICE_PAGE_SIZE = 20;
export const NOTICE_SCROLL_Y = 600;
/** The other columns take 770 px; the content column gets the rest, at least 280 (the table scrolls sideways below that). */
export const NOTICE_SCROLL_X = 1050;

/** The catalogue key of each notice type (spec 3). */
export const NOTICE_TYPE_LABELS = {
  1: 'type.1',
  2: 'type.2',
  3: 'type.3',
  4: 'type.4',
  5: 'type.5',
  6: 'type.6',
  7: 'type.7',
  8: 'type.8',
} as const satisfies Record<NoticeType, string>;

export function isNoticeType(type: number): type is NoticeType {
  return type in NOTICE_TYPE_LABELS;
}

/** What viewing a notice leaves stale: the notice lists and the menu badge's count. */
export const NOTICE_READS = ['/api/notication/search-notification', '/api/notication/unviewed-notice-count'] as const satisfies readonly CallPath[];

/** The search form's values. */
export interface NoticeSearchValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  keyword?: string;
}

export type NoticeConditions = Pick<CallInput<'/api/notication/search-notification'>, 'startDate' | 'endDate' | 'keyword'>;

export const NO_CONDITIONS: NoticeConditions = { startDate: null, endDate: null, keyword: '' };

/** What Find sends: the creation dates as YYYY-MM-DD (or null) and the keyword trimmed. */
export function toNoticeConditions(values: NoticeSearchValues): NoticeConditions {
  const [start, end] = values.range ?? [null, null];
  return {
    startDate: start ? start.format('YYYY-MM-DD') : null,
    endDate: end ? end.format('YYYY-MM-DD') : null,
    keyword: (values.keyword ?? '').trim(),
  };
}

/** The send date as the user reads it. */
export function formatSendDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : iso;
}

/**
 * The address a notice's detail may open, or null: only the portal's own pages — a path ("/profile", never
 * "//host" or "/\host") or an absolute http(s) URL on the portal's own origin. Anything else (another host,
 * `javascript:`, an empty target) is ignored; the server filters too, this is the browser's own check.
 */
export function openableTarget(target: string, origin: string): string | null {
  const text = target.trim();
  if (!text || /[\s\\]/.test(text)) return null;
  if (text.startsWith('/')) return text.startsWith('//') ? null : text;
  try {
    const url = new URL(text);
    const sameOrigin = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
    return sameOrigin && (text === origin || text.startsWith(`${origin}/`)) ? text : null;
  } catch {
    return null;
  }
}
