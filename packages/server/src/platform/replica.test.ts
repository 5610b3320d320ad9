import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { registerAll } from '../app.js';
import { createRegistry } from './call.js';
import { latestLsn, lsnValue } from './replica.js';

describe('which calls may read on the standby', () => {
  it('refuses the standby to a call that writes, of any kind of write', () => {
    const { call } = createRegistry();
    const handler = async () => ({});
    expect(() => call('/api/admin/set-exchange-rate', { roles: Role.ADMIN, access: 'write-portal', replica: 'read-your-writes', handler: handler as never })).toThrow(
      '/api/admin/set-exchange-rate: only a read may read on the standby (replica)',
    );
    expect(() => call('/api/ec-data/set-columns', { roles: Role.CLIENT, access: 'write-own', replica: 'read-your-writes', handler: handler as never })).toThrow(/only a read/);
    expect(() => call('/api/ec-data/update-record', { roles: Role.ANALYST, access: 'write', tenant: { field: 'clientId', analysts: 'managers' }, replica: 'read-your-writes', handler: handler as never })).toThrow(/only a read/);
    // A read may.
    expect(() => call('/api/admin/fetch-exchange-rates', { roles: Role.ADMIN, access: 'read', replica: 'read-your-writes', handler: handler as never })).not.toThrow();
  });

  it('marks the dashboards, the record lists, their filter values and the exports, and nothing else', () => {
    const { calls, downloads } = registerAll();
    expect(calls.filter((c) => c.replica).map((c) => c.path).sort()).toEqual([
      '/api/ec-dashboard/fetch-info',
      '/api/ec-data/fetch-filters',
      '/api/ec-data/search-records',
      '/api/home-dashboard',
      '/api/sns-data/fetch-filters',
      '/api/sns-data/search-records',
      '/api/ws-data/fetch-filters',
      '/api/ws-data/search-records',
    ]);
    expect(downloads.filter((d) => d.replica).map((d) => d.path).sort()).toEqual([
      '/api/ec-data/export-search-result',
      '/api/ec-report/download-report',
      '/api/sns-data/export-search-result',
      '/api/sns-report/download-report',
      '/api/ws-data/export-search-result',
      '/api/ws-report/download-report',
    ]);
    for (const c of calls.filter((c) => c.replica)) expect(c.access, c.path).toBe('read');
  });
});

describe('WAL positions', () => {
  it('orders them as PostgreSQL does (by both halves as numbers, not as text)', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')! > lsnValue('0/FFFFFFFF')!).toBe(true);
    // As text 'A/0' < '9/0' would be false the other way round; as positions A (10) is after 9.
    expect(latestLsn('9/FFFFFFFF', 'A/0')).toBe('A/0');
    expect(latestLsn('0/10', '0/9')).toBe('0/10');
    expect(latestLsn('0/1b', '0/1A')).toBe('0/1B');
  });

  it('ignores what is not a position (a caller may send anything)', () => {
    for (const bad of ['', 'x', '0/', '/1', '0/1/2', '123456789/0', '0/-1', ' 0/1', ["0/1"], 5, null, undefined]) expect(lsnValue(bad), String(bad)).toBeUndefined();
    expect(latestLsn('junk', undefined, '0/5')).toBe('0/5');
    expect(latestLsn('junk', undefined)).toBeUndefined();
  });
});
