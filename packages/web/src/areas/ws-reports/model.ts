import type { ReportIds } from '../ec-reports/ReportPanel';

/** The pure parts of the WS report tab: query keys and the addresses it opens (the file checks are the EC ones). */

export const wsReportKeys = {
  all: ['ws-reports'] as const,
  list: (clientId: number) => ['ws-reports', clientId] as const,
};

/** The WS record screens' queries: every upload and report action marks them stale. */
export const WS_RECORD_QUERIES = ['ws-records'] as const;

/** Row action Detail: the WS record list filtered to the report. */
export function wsReportDetailPath({ clientId, reportId }: ReportIds): string {
  const filters = JSON.stringify([{ key: 'reportId', values: [reportId] }]);
  return `/ws-list?clientId=${clientId}&filters=${encodeURIComponent(filters)}`;
}

/** GET downloads, opened in a new window; the session cookie signs them in. */
export function wsTemplateUrl(clientId: number): string {
  return `/api/ws-report/download-template?${new URLSearchParams({ clientId: String(clientId) }).toString()}`;
}

export function wsReportDownloadUrl({ clientId, reportId }: ReportIds): string {
  return `/api/ws-report/download-report?${new URLSearchParams({ clientId: String(clientId), reportId: String(reportId) }).toString()}`;
}
