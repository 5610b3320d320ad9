import { ALL_ROLES, STAFF_ROLES } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar, OwnerRule, TenantRule } from '../../platform/call.js';
import { ownerOfCandidates, ownerOfWatch } from './queries.js';
import { promote } from './promote.js';
import * as service from './service.js';

/**
 * Domain watches (spec README "Look-alike domains"): the client's managers and administrators make, edit, run and
 * remove them and dismiss candidates; they and the client's own users read them (a client user sees what is being
 * watched for their brand). To analysts who do not manage the client a watch does not exist ("not found" on reads, as
 * for a missing id; 403 on writes, as the registry's owner rule answers).
 */
export function registerDomainWatchCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const named: TenantRule = { field: 'clientId', analysts: 'managers' };
  const watch: OwnerRule = { object: 'domain watch', clientOf: (db, i) => ownerOfWatch(db, Number(i.watchId)) };
  const candidates: OwnerRule = { object: 'domain candidates', clientOf: (db, i) => ownerOfCandidates(db, (i.candidateIds as unknown[]).map(Number)) };
  const read = { roles: ALL_ROLES, access: 'read', transaction: false } as const;
  const write = { roles: STAFF_ROLES, access: 'write' } as const;
  call('/api/domain-watch/fetch', { ...read, tenant: { ...named, optional: true }, handler: (ctx, i) => service.list(ctx, i) });
  // A read resolves its owner itself (the registry keeps owners for writes): service.readable.
  call('/api/domain-watch/detail', { ...read, handler: async (ctx, i) => service.detail(await service.readable(ctx, i.watchId), i.watchId) });
  call('/api/domain-watch/fetch-runs', { ...read, handler: async (ctx, i) => service.runs(await service.readable(ctx, i.watchId), i) });
  call('/api/domain-watch/fetch-candidates', { ...read, handler: async (ctx, i) => service.candidates(await service.readable(ctx, i.watchId), i) });
  call('/api/domain-watch/create', { ...write, tenant: named, handler: (ctx, i) => service.create(ctx, i) });
  call('/api/domain-watch/update', { ...write, owner: watch, handler: (ctx, i) => service.update(ctx, i) });
  call('/api/domain-watch/remove', { ...write, owner: watch, handler: (ctx, i) => service.remove(ctx, i.watchId) });
  call('/api/domain-watch/run-now', { ...write, owner: watch, handler: (ctx, i) => service.runNow(ctx, i.watchId) });
  // An upload: outside a transaction, as every report's upload.
  call('/api/domain-watch/promote', { ...write, owner: candidates, transaction: false, handler: (ctx, i) => promote(ctx, i.candidateIds) });
  call('/api/domain-watch/dismiss', { ...write, owner: candidates, handler: (ctx, i) => service.dismiss(ctx, i.candidateIds) });
  // The candidate names its watch: the same reading rule as fetch-candidates (service.screenshot).
  download('/api/domain-watch/screenshot', { roles: ALL_ROLES, handler: (ctx, i) => service.screenshot(ctx, i.candidateId) });
}
