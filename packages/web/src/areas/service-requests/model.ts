import { downloadHref, type CallPath, type ServiceRequestType } from '@portal/contract';

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

/** What a request change leaves stale: the request lists and the requests' pages. */
export const REQUEST_READS = ['/api/service-request/search', '/api/service-request/get'] as const satisfies readonly CallPath[];

export const requestPath = (id: number) => `/case-management/${id}`;
export const fileUrl = (name: string) => downloadHref('/api/service-request/file', { name });

/** The date fields of each type's form (shown with a date picker, sent as YYYY-MM-DD). */
export const DATE_FIELDS = new Set(['expiryDate', 'answerDeadline']);
export const OFFLINE_KINDS = ['raid', 'customs', 'survey'] as const;
export const STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'orange', 4: 'green', 5: 'default' };
