import type { AcceptanceRow } from '@portal/contract';

/**
 * The record list of one row's rejected notices (no action): the kind's list with its own URL filters, the
 * marketplace, the round's result 3 and the round's report date in the period. EC also narrows to posted records,
 * as the monitor counts (WS and SNS lists have no such filter; client users only ever see posted ones).
 */
const LISTS = {
  ec: { path: '/ec-list', result: (n: number) => `ec_process${n}_result`, date: (n: number) => `ec_process${n}_date`, market: 'ec_site' },
  sns: { path: '/sns-list', result: (n: number) => `process${n}ResultId`, date: (n: number) => `process${n}Date`, market: 'platform' },
  ws: { path: '/ws-list', result: (n: number) => `process${n}ResultId`, date: (n: number) => `process${n}Date`, market: null },
} as const;

export function rejectedListHref(row: AcceptanceRow, clientId: number, fromDate: string, toDate: string): string {
  const list = LISTS[row.kind];
  const filters: { key: string; values: (string | number | boolean)[] }[] = [{ key: list.result(row.round), values: [3] }];
  if (list.market) filters.push({ key: list.market, values: [row.kind === 'sns' ? Number(row.marketplace) : row.marketplace] });
  if (row.kind === 'ec') filters.push({ key: 'published', values: [true] });
  const search = { dateFields: [list.date(row.round)], startDate: fromDate, endDate: toDate, wordFields: [], keyword: '', searchType: 3 };
  const params = new URLSearchParams({ clientId: String(clientId), filters: JSON.stringify(filters), search: JSON.stringify(search) });
  return `${list.path}?${params.toString()}`;
}
