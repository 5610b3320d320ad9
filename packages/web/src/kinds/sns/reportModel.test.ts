import { describe, expect, it } from 'vitest';
import { SNS_FILTER_FIELDS } from '@portal/contract';
import { parseFilters } from '../../records/listQuery';
import { reportDownloadUrl, reportListPath, templateUrl } from '../../records/reports/model';
import { callKey } from '../../platform/callKeys';
import { SNS_REPORT } from './reportModel';

describe('SNS report tab addresses', () => {
  it('links a report to the SNS list filtered by its id, in a form the list reads back', () => {
    const path = reportListPath('/sns-list', 'reportId', { clientId: 7, reportId: 42 });
    expect(path.startsWith('/sns-list?')).toBe(true);
    const params = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect(params.get('clientId')).toBe('7');
    expect(parseFilters(JSON.parse(params.get('filters') ?? 'null'), SNS_FILTER_FIELDS)).toEqual([{ key: 'reportId', values: [42] }]);
  });
  it('downloads through GET calls with the ids in the query and no token', () => {
    expect(templateUrl('/api/sns-report', 3)).toBe('/api/sns-report/download-template?clientId=3');
    expect(reportDownloadUrl('/api/sns-report', { clientId: 3, reportId: 9 })).toBe('/api/sns-report/download-report?clientId=3&reportId=9');
  });
  it('keys the report list by client', () => {
    expect(callKey(`${SNS_REPORT.base}/fetch-reports`, { clientId: 5 })).toEqual(['/api/sns-report/fetch-reports', { clientId: 5 }]);
  });
});
