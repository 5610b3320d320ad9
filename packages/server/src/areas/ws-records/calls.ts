import { Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import * as list from '../records/search.js';
import { getColumns, setColumns } from '../records/service.js';
import { exportSearchResult } from './export.js';
import { WS_KIND } from './repo.js';
import * as service from './service.js';

/**
 * Document 3, website (WS) records: analysts on every client's records, client users on their own company's
 * published ones (section 6). The site-category batch is the analyst's, the action batch the client's.
 */
export function registerWsRecordCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST;
  const tenant = { field: 'clientId', analysts: 'any' as const };
  // Changes to a client's records are for its managers (and the client's own users, for their response).
  const managers = { field: 'clientId', analysts: 'managers' as const };
  const kind = WS_KIND as unknown as list.RecordKind;
  call('/api/ws-data/search-records', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => list.search(ctx, WS_KIND, i) });
  call('/api/ws-data/fetch-filters', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => list.filters(ctx, kind, i) });
  call('/api/ws-data/get-record', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.get(ctx, i.clientId, i.recordId) });
  call('/api/ws-data/get-record-history', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.history(ctx, i.clientId, i.recordId) });
  call('/api/ws-data/update-record', { roles, access: 'write', tenant: managers, handler: (ctx, i) => service.update(ctx, i) });
  call('/api/ws-data/batch-update-category', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => service.batchCategory(ctx, i) });
  call('/api/ws-data/batch-update-action', { roles: Role.CLIENT, access: 'write', tenant: managers, handler: (ctx, i) => service.batchAction(ctx, i) });
  call('/api/ws-data/fetch-report-names', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.reportNames(ctx, i.clientId) });
  call('/api/ws-data/get-columns', { roles, access: 'read', transaction: false, handler: (ctx) => getColumns(ctx, kind) });
  call('/api/ws-data/set-columns', { roles, access: 'write-own', handler: (ctx, i) => setColumns(ctx, kind, i.columns) });
  download('/api/ws-data/export-search-result', { roles, tenant, handler: (ctx, q) => exportSearchResult(ctx, q) });
}
