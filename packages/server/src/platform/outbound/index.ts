/** The outbound-address guard shared by the crawler and evidence capture (see fetch.ts). */
export { isPublicAddress } from './address.js';
export { assertPublicUrl, safeFetch, OutboundError } from './fetch.js';
export type { OutboundErrorCode, OutboundPolicy, SafeFetchOptions, SafeFetchResult, PinnedHost } from './fetch.js';
