import { EVIDENCE_MAX_BYTES, Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import * as evidence from './evidence.js';
import { exportSearchResult } from './export.js';
import * as records from './search.js';
import * as service from './service.js';

/**
 * Document 3, marketplace (EC) records: analysts on every client's records, client users on their own company's
 * published ones (section 6). Categorizing, evidence and the aggregate-category batch are the analyst's; the
 * response-action batch is the client's. The report names lookup belongs to the report area.
 */
export function registerEcRecordCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST;
  const tenant = { field: 'clientId', analysts: 'any' as const };
  // Changes to a client's records are for its managers (and the client's own users, for their response).
  const managers = { field: 'clientId', analysts: 'managers' as const };
  // Reads run outside a transaction so the page and its count go to the database side by side.
  call('/api/ec-data/search-records', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => records.search(ctx, i) });
  call('/api/ec-data/fetch-filters', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => records.filters(ctx, i) });
  call('/api/ec-data/get-record', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.get(ctx, i.clientId, i.recordId) });
  call('/api/ec-data/get-record-history', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.history(ctx, i.clientId, i.recordId) });
  call('/api/ec-data/update-record', { roles, access: 'write', tenant: managers, handler: (ctx, i) => service.update(ctx, i) });
  call('/api/ec-data/batch-update-category', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => service.batchCategory(ctx, i) });
  call('/api/ec-data/batch-update-action', { roles: Role.CLIENT, access: 'write', tenant: managers, handler: (ctx, i) => service.batchAction(ctx, i) });
  call('/api/ec-data/upload-image', { roles: Role.ANALYST, access: 'write', tenant: managers, upload: { maxBytes: EVIDENCE_MAX_BYTES }, handler: (ctx, i) => evidence.upload(ctx, i) });
  call('/api/ec-data/delete-upload-pic', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => evidence.remove(ctx, i) });
  call('/api/ec-data/get-columns', { roles, access: 'read', transaction: false, handler: (ctx) => service.getColumns(ctx) });
  call('/api/ec-data/set-columns', { roles, access: 'write-own', handler: (ctx, i) => service.setColumns(ctx, i.columns) });
  download('/api/ec-data/get-upload-pic', { roles, tenant, handler: (ctx, q) => evidence.serve(ctx, q) });
  download('/api/ec-data/export-search-result', { roles, tenant, handler: (ctx, q) => exportSearchResult(ctx, q) });
}
