import { describe, expect, it } from 'vitest';
import { decodeDownloadQuery, downloadHref, downloads } from './downloads.js';

/** The one encoding of download links: what the browser writes, the server reads back as it was. */
describe('downloadHref and decodeDownloadQuery', () => {
  it('writes ids as digits, id lists comma-separated, JSON parameters as JSON, and reads them back', () => {
    const takedown = downloadHref('/api/takedown/export', { clientId: 3, kind: 'ec', channel: 'ebay-vero', ids: [5, 6], format: 'csv' });
    expect(takedown).toBe('/api/takedown/export?clientId=3&kind=ec&channel=ebay-vero&ids=5%2C6&format=csv');
    expect(decodeDownloadQuery('/api/takedown/export', takedown.split('?')[1]!)).toEqual({ success: true, data: { clientId: 3, kind: 'ec', channel: 'ebay-vero', ids: [5, 6], format: 'csv' } });

    const search = { keyword: 'bag', wordFields: ['ec_product_title' as const], dateFields: [], searchType: 3 as const, whereFields: [{ key: 'ec_site' as const, values: ['a', null] }], orderFields: [], filterErrorRecord: false, filterStillLive: true };
    const exported = downloadHref('/api/ec-data/export-search-result', { clientId: 7, search });
    const read = decodeDownloadQuery('/api/ec-data/export-search-result', new URLSearchParams(exported.split('?')[1]));
    expect(read.success && read.data).toEqual({ clientId: 7, search });
  });

  it('leaves out what is undefined, and a download without parameters is its path', () => {
    expect(downloadHref('/api/records/thumbnail', { clientId: 1, kind: 'sns', recordId: 2, size: undefined })).toBe('/api/records/thumbnail?clientId=1&kind=sns&recordId=2');
    expect(downloadHref('/api/ec-crawler-command/download', { taskId: 4, exportType: 3 })).toBe('/api/ec-crawler-command/download?taskId=4&exportType=3');
  });

  it('refuses a bad query with the catalogue message of the parameter at fault', () => {
    const issue = (path: keyof typeof downloads, query: string) => {
      const r = decodeDownloadQuery(path, query);
      return r.success ? null : { path: r.error.issues[0]!.path, message: r.error.issues[0]!.message };
    };
    expect(issue('/api/ec-report/download-report', 'clientId=1&reportId=-1')).toEqual({ path: ['reportId'], message: 'validation.idInvalid' });
    expect(issue('/api/ec-report/download-report', 'clientId=1&reportId=4294967296')).toEqual({ path: ['reportId'], message: 'validation.idInvalid' });
    expect(issue('/api/ec-data/export-search-result', 'clientId=1&search=%7Bnope')).toEqual({ path: ['search'], message: 'validation.invalid' });
    expect(issue('/api/ec-data/export-search-result', `clientId=1&search=${encodeURIComponent('{"wordFields":["nope"]}')}`)).toEqual({ path: ['search', 'wordFields', 0], message: 'validation.searchField' });
    expect(issue('/api/takedown/export', 'clientId=1&kind=ec&channel=dsa&format=csv&ids=1,x')).toEqual({ path: ['ids', 1], message: 'validation.idInvalid' });
    expect(issue('/api/evidence/file', 'clientId=1&id=2&part=exe')).toEqual({ path: ['part'], message: 'validation.invalid' });
  });
});
