import { DOMAIN_FUZZERS, Role, hasRole, translate, domainWatch as contract, type Candidate, type DomainRun, type DomainWatch } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import type { DownloadAnswer } from '../../platform/call.js';
import { AppError, fail } from '../../platform/errors.js';
import { fileBytes } from '../../platform/files.js';
import { checkOwner } from '../../platform/tenant.js';
import { isRegistrable, splitDomain, toAsciiDomain } from './permutations.js';
import * as q from './queries.js';
import { DOMAIN_SHOT_KIND } from './run-pages.js';
import { scheduleColumns, startRun } from './schedule.js';

/**
 * Domain watches of a client (issue 32): made, edited, run and removed by the client's managers and administrators;
 * read by them and by the client's own users; candidates dismissed by the managers.
 */

type Input<K extends keyof typeof contract> = (typeof contract)[K] extends z.ZodType ? z.output<(typeof contract)[K]> : never;

export function presentRun(r: q.DomainRunRow): DomainRun {
  return { id: r.id, status: r.status, startedAt: r.started_at.toISOString(), finishedAt: r.finished_at?.toISOString() ?? null, counts: r.counts, error: r.error, capped: r.capped };
}

async function present(ctx: AuthedContext, rows: q.DomainWatchRow[]): Promise<DomainWatch[]> {
  const runs = new Map((await q.lastRuns(ctx.db, rows.map((r) => r.id))).map((r) => [r.watch_id, presentRun(r)]));
  return rows.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    clientName: r.client_name,
    domains: r.domains,
    words: r.words,
    keywords: r.keywords,
    fuzzers: r.fuzzers,
    tlds: r.tlds,
    schedule: r.schedule,
    nextRunAt: r.next_run_at?.toISOString() ?? null,
    promoteThreshold: r.promote_threshold,
    lastRun: runs.get(r.id) ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** Reading a watch: its client's users, managers and administrators; to anyone else it does not exist. */
export async function readable(ctx: AuthedContext, watchId: number): Promise<AuthedContext> {
  await checkOwner(ctx.db, ctx.user, { object: 'domain watch', readers: 'managers', clientOf: (db) => q.ownerOfWatch(db, watchId) }, {});
  return ctx;
}

export async function detail(ctx: AuthedContext, watchId: number): Promise<{ watch: DomainWatch }> {
  const row = await q.findWatch(ctx.db, watchId);
  if (!row) fail('objectNotFound');
  return { watch: (await present(ctx, [row]))[0]! };
}

/** Administrators see every client's; an analyst the clients they manage; a client user their company's (the tenancy rule set clientId). */
export async function list(ctx: AuthedContext, input: Input<'fetchDomainWatchesInput'>) {
  const managedBy = !hasRole(ctx.user.role, Role.ADMIN) && hasRole(ctx.user.role, Role.ANALYST) ? ctx.user.userId : undefined;
  const { rows, total } = await q.listWatches(ctx.db, { ...input, managedBy });
  return { watches: await present(ctx, rows), total };
}

/** Each domain in its Unicode form with a registrable part (the public suffix list), once; refused naming the first that has none. */
function checkedDomains(domains: string[]): string[] {
  const out: string[] = [];
  for (const d of domains) {
    const split = splitDomain(d);
    const ascii = split && toAsciiDomain(`${split.label}.${split.suffix}`);
    // Under a suffix of the list's ICANN section: one under no listed suffix is dropped by the permutations too.
    if (!split || !ascii || !isRegistrable(ascii)) fail('domainWatchUnregistrable', { domain: d });
    const name = `${split.label}.${split.suffix}`;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

const unique = (list: string[]) => [...new Set(list)];

export async function create(ctx: AuthedContext, input: Input<'createDomainWatchInput'>) {
  const id = await q.insertWatch(ctx.db, {
    client_id: input.clientId,
    domains: JSON.stringify(checkedDomains(input.domains)),
    words: JSON.stringify(unique(input.words)),
    keywords: input.keywords ? JSON.stringify(unique(input.keywords)) : null,
    fuzzers: JSON.stringify(unique(input.fuzzers ?? [...DOMAIN_FUZZERS])),
    tlds: JSON.stringify(unique(input.tlds)),
    ...scheduleColumns(input.schedule, ctx.now),
    promote_threshold: input.promoteThreshold,
    created_by: ctx.user.userId,
    updated_by: ctx.user.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  return detail(ctx, id);
}

/** What is sent changes; the next run uses it (a run going on keeps what it read at its start). */
export async function update(ctx: AuthedContext, input: Input<'updateDomainWatchInput'>) {
  if (!(await q.lockWatch(ctx.db, input.watchId))) fail('objectNotFound');
  await q.updateWatch(ctx.db, input.watchId, {
    ...(input.domains && { domains: JSON.stringify(checkedDomains(input.domains)) }),
    ...(input.words && { words: JSON.stringify(unique(input.words)) }),
    ...(input.keywords !== undefined && { keywords: input.keywords ? JSON.stringify(unique(input.keywords)) : null }),
    ...(input.fuzzers && { fuzzers: JSON.stringify(unique(input.fuzzers)) }),
    ...(input.tlds && { tlds: JSON.stringify(unique(input.tlds)) }),
    // A new schedule counts from now.
    ...(input.schedule !== undefined && scheduleColumns(input.schedule, ctx.now)),
    ...(input.promoteThreshold !== undefined && { promote_threshold: input.promoteThreshold }),
    updated_by: ctx.user.userId,
    updated_at: ctx.now,
  });
  return detail(ctx, input.watchId);
}

/** Removed with its runs and candidates; a run going on finds its run gone at the end and writes nothing. */
export async function remove(ctx: AuthedContext, watchId: number) {
  if (!(await q.lockWatch(ctx.db, watchId))) fail('objectNotFound');
  await q.deleteWatch(ctx.db, watchId);
  return { removed: true };
}

/** A run row now, its job queued in the same transaction (refused while one runs). */
export async function runNow(ctx: AuthedContext, watchId: number) {
  if (!(await q.lockWatch(ctx.db, watchId))) fail('objectNotFound');
  const runId = await startRun(ctx.db, ctx.services, watchId, ctx.now);
  if (runId === undefined) fail('domainWatchRunning');
  return { ...(await detail(ctx, watchId)), runId };
}

export async function runs(ctx: AuthedContext, input: Input<'fetchDomainRunsInput'>) {
  const { rows, total } = await q.listRuns(ctx.db, input.watchId, input.offset, input.limit);
  return { runs: rows.map(presentRun), total };
}

export async function candidates(ctx: AuthedContext, input: Input<'fetchCandidatesInput'>) {
  const { rows, total } = await q.listCandidates(ctx.db, input);
  // The language of this request (the reader may have switched it), as every server-made text.
  const locale = ctx.locale;
  const present = (r: q.CandidateRow): Candidate => ({
    id: r.id,
    domain: r.domain,
    unicode: r.unicode,
    fuzzer: r.fuzzer,
    registered: r.registered,
    live: r.live,
    score: r.score,
    reasons: r.reasons.map((reason) => ('text' in reason ? reason.text : translate(locale, reason.key, reason.params))),
    dns: r.dns,
    state: r.state,
    recordId: r.record_id,
    firstSeenAt: r.first_seen_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
    pageUrl: r.page_url,
    pageTitle: r.page_title,
    checkedAt: r.checked_at?.toISOString() ?? null,
    siteCategoryId: r.site_category,
    screenshot: r.screenshot_file !== null,
    registration: r.registration_source
      ? { registrar: r.registrar, createdAt: r.domain_created_at?.toISOString() ?? null, expiresAt: r.domain_expires_at?.toISOString() ?? null, source: r.registration_source }
      : null,
  });
  return { candidates: rows.map(present), total };
}

export async function dismiss(ctx: AuthedContext, candidateIds: number[]) {
  return { dismissed: await q.dismissCandidates(ctx.db, [...new Set(candidateIds)]) };
}

/**
 * A candidate's screenshot, to whoever may read its watch; to anyone else, and when there is none, 404 (an image
 * element asks for it: it needs a status, not a code in a JSON body).
 */
export async function screenshot(ctx: AuthedContext, candidateId: number): Promise<DownloadAnswer> {
  const row = await q.candidateScreenshot(ctx.db, candidateId);
  if (!row) fail('noScreenshot');
  await readable(ctx, row.watch_id).catch((err: unknown) => {
    throw err instanceof AppError && err.name_ === 'objectNotFound' ? new AppError('noScreenshot') : err;
  });
  const bytes = row.screenshot_file?.startsWith(`${DOMAIN_SHOT_KIND}-`) ? await fileBytes(ctx.db, row.screenshot_file) : undefined;
  if (!bytes) fail('noScreenshot');
  return { contentType: 'image/png', body: bytes };
}
