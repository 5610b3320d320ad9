import type { CallPath } from '@portal/contract';

/** Spec 2 "News" and 9: fetched once (page 1 of 1000), shown 20 per page in the browser. */
export const NEWS_FETCH_SIZE = 1000;
export const NEWS_PAGE_SIZE = 20;

/** What a news change leaves stale: every news list. */
export const NEWS_READS = ['/api/ipf-news'] as const satisfies readonly CallPath[];
