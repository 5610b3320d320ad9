import { downloadHref, type ServiceRequestType } from '@portal/contract';

/** Issue 17: each menu entry of the legal-services and offline groups opens the list of one type of request. */
export const ROUTE_TYPES: Record<string, ServiceRequestType | undefined> = {
  '/search-trademark': 'trademark-search',
  '/request-trademark-progress': 'registration-progress',
  '/update-trademark': 'renewal',
  '/trademark-reject-report': 'office-action',
  '/trademark-change': 'change-transfer',
  '/trademark-protect': 'watch',
  '/trademark-failed-reason': 'invalidation',
  '/client-offline-services': 'offline',
  '/analyst-offline-services': 'offline',
  '/biz-support': 'biz-support',
  '/case-management': undefined,
};

export const requestKeys = {
  all: ['service-requests'] as const,
  list: (input: unknown) => ['service-requests', 'list', input] as const,
  one: (id: number) => ['service-requests', 'one', id] as const,
};

export const requestPath = (id: number) => `/case-management/${id}`;
export const fileUrl = (name: string) => downloadHref('/api/service-request/file', { name });

/** The date fields of each type's form (shown with a date picker, sent as YYYY-MM-DD). */
export const DATE_FIELDS = new Set(['expiryDate', 'answerDeadline']);
export const OFFLINE_KINDS = ['raid', 'customs', 'survey'] as const;
export const STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'orange', 4: 'green', 5: 'default' };
