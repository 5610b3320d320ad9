import { describe, expect, it } from 'vitest';
import { WS_FILTER_FIELDS } from '@portal/contract';
import { parseFilters } from '../../records/listQuery';
import { reportDownloadUrl, reportListPath, templateUrl } from '../../records/reports/model';
import { callKey } from '../../platform/callKeys';
import { WS_REPORT } from './reportModel';

describe('WS report tab addresses', () => {
  it('links a report to the WS list filtered by its id, in a form the list reads back', () => {
    const path = reportListPath('/ws-list', 'reportId', { clientId: 7, reportId: 42 });
    expect(path.startsWith('/ws-list?')).toBe(true);
    const params = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect(params.get('clientId')).toBe('7');
    expect(parseFilters(JSON.parse(params.get('filters') ?? 'null'), WS_FILTER_FIELDS)).toEqual([{ key: 'reportId', values: [42] }]);
  });
  it('downloads through GET calls with the ids in the query and no token', () => {
    expect(templateUrl('/api/ws-report', 3)).toBe('/api/ws-report/download-template?clientId=3');
    expect(reportDownloadUrl('/api/ws-report', { clientId: 3, reportId: 9 })).toBe('/api/ws-report/download-report?clientId=3&reportId=9');
  });
  it('keys the report list by client', () => {
    expect(callKey(`${WS_REPORT.base}/fetch-reports`, { clientId: 5 })).toEqual(['/api/ws-report/fetch-reports', { clientId: 5 }]);
  });
});
