import { useStandardLookups, type StandardScreenLookups } from '../../records/useStandardLookups';

/** What the WS screens show ids by, with the response's trademark choices. */
export type WsScreenLookups = StandardScreenLookups;

const REPORT_NAMES = '/api/ws-data/fetch-report-names';

/** What the WS list and detail show ids by: the client's trademarks and WS report names. */
export function useWsLookups(clientId: number | undefined): WsScreenLookups & { ready: boolean } {
  return useStandardLookups(clientId, REPORT_NAMES);
}
