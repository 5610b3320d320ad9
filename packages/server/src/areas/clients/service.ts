import { Role, SERVICES, type Client, type ContractInput, type SearchConditions, type Service } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { searchCondition } from '../../platform/search.js';
import { presentClient } from './presenter.js';
import * as repo from './repo.js';

/** The rules of client companies: administrators change them; staff read them (section 6). */

type ClientSearch = SearchConditions<keyof typeof repo.searchColumns.dates, keyof typeof repo.searchColumns.words> & { removed: boolean };

export async function search(ctx: AuthedContext, conditions: ClientSearch): Promise<Client[]> {
  // Removed clients are for administrators, who may restore them.
  if (conditions.removed && (ctx.user.role & Role.ADMIN) === 0) fail('forbidden');
  const rows = await repo.listClients(ctx.db, searchCondition(conditions, repo.searchColumns), conditions.removed);
  return present(ctx, rows);
}

async function present(ctx: AuthedContext, rows: Awaited<ReturnType<typeof repo.listClients>>): Promise<Client[]> {
  const ids = rows.map((r) => r.client_id);
  const [contracts, managers] = await Promise.all([repo.contractsOf(ctx.db, ids), repo.managersOf(ctx.db, ids)]);
  return rows.map((r) => presentClient(r, contracts, managers));
}

export async function get(ctx: AuthedContext, clientId: number, opts: { removed?: boolean } = {}): Promise<Client> {
  const row = await repo.findClient(ctx.db, clientId, opts);
  if (!row) fail('objectNotFound');
  const [client] = await present(ctx, [row]);
  return client!;
}

async function checkManagers(ctx: AuthedContext, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.liveAnalysts(ctx.db, unique);
  if (found.length !== unique.length) fail('unknownAnalyst');
  return unique;
}

type Contracts = Partial<Record<Service, ContractInput | null | undefined>>;

async function saveContracts(ctx: AuthedContext, clientId: number, input: Contracts): Promise<void> {
  for (const service of SERVICES) {
    const contract = input[service];
    if (contract !== undefined) await repo.saveContract(ctx.db, clientId, service, contract);
  }
}

export async function create(
  ctx: AuthedContext,
  input: { name: string; tel: string; address: string; remarks: string; managerIds: number[] } & Contracts,
): Promise<Client> {
  const managers = await checkManagers(ctx, input.managerIds);
  const clientId = await repo.insertClient(
    ctx.db,
    { client_name: input.name, client_tel: input.tel, client_address: input.address, client_remarks: input.remarks },
    ctx.now,
  );
  await repo.replaceManagers(ctx.db, clientId, managers);
  await saveContracts(ctx, clientId, input);
  return get(ctx, clientId);
}

/** Saves only what was sent (the detail screen sends the changed fields). */
export async function update(
  ctx: AuthedContext,
  input: { clientId: number; name?: string; tel?: string; address?: string; remarks?: string; managerIds?: number[] } & Contracts,
): Promise<Client> {
  if (!(await repo.findClient(ctx.db, input.clientId, { lock: true }))) fail('objectNotFound');
  await repo.updateClient(ctx.db, input.clientId, {
    ...(input.name !== undefined && { client_name: input.name }),
    ...(input.tel !== undefined && { client_tel: input.tel }),
    ...(input.address !== undefined && { client_address: input.address }),
    ...(input.remarks !== undefined && { client_remarks: input.remarks }),
  });
  if (input.managerIds !== undefined) await repo.replaceManagers(ctx.db, input.clientId, await checkManagers(ctx, input.managerIds));
  await saveContracts(ctx, input.clientId, input);
  return get(ctx, input.clientId);
}

/** Removal hides the client; its rows, contracts, managers and users stay, to come back with a restore. */
export async function remove(ctx: AuthedContext, clientId: number): Promise<Record<string, never>> {
  if (!(await repo.findClient(ctx.db, clientId, { lock: true }))) fail('objectNotFound');
  await repo.setRemoved(ctx.db, clientId, ctx.now);
  return {};
}

export async function restore(ctx: AuthedContext, clientId: number): Promise<Client> {
  if (!(await repo.findClient(ctx.db, clientId, { removed: true, lock: true }))) fail('notRemoved');
  await repo.setRemoved(ctx.db, clientId, null);
  return get(ctx, clientId);
}

/** For selectors: an analyst's own clients (or all with `all`); administrators always all. */
export async function forSelector(ctx: AuthedContext, all: boolean) {
  const admin = (ctx.user.role & Role.ADMIN) !== 0;
  return admin || all ? repo.allLiveClients(ctx.db) : repo.clientsManagedBy(ctx.db, ctx.user.userId);
}
