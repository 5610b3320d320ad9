import { useStandardLookups, type StandardScreenLookups } from '../../records/useStandardLookups';

/** What the SNS screens show ids by, with the response's trademark choices. */
export type SnsScreenLookups = StandardScreenLookups;

const REPORT_NAMES = '/api/sns-data/fetch-report-names';

/** What the SNS list and detail show ids by: the client's trademarks and SNS report names. */
export function useSnsLookups(clientId: number | undefined): SnsScreenLookups & { ready: boolean } {
  return useStandardLookups(clientId, REPORT_NAMES);
}
