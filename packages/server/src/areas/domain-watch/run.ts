import { createHash } from 'node:crypto';
import { DomainRunStatus, type DomainFuzzer, type DomainRunCounts } from '@portal/contract';
import type { Insertable } from 'kysely';
import type { CaptureBrowsers } from '../../platform/capture.js';
import type { Services } from '../../platform/context.js';
import type { DomainCandidateTable, StoredReason } from '../../platform/schema.js';
import { alertDomainRun } from '../alerts/domain-alerts.js';
import { brandWordsOf } from './page-facts.js';
import { inspectPages, withPageReasons, type PageOutcome } from './pages.js';
import { permutations, splitDomain, type Permutation } from './permutations.js';
import { promoteAutomatically } from './promote.js';
import { refreshRegistrations } from './registration-run.js';
import { createDomainResolver, dnsServersFromEnv, type Resolution } from './resolve.js';
import { pageColumns, type ShotWrites } from './run-pages.js';
import * as q from './queries.js';

/**
 * One run of a domain watch (issue 32): the permutations of each domain (at most the configured cap, the first
 * domains' first), each resolved, then everything written in one transaction at the end. Kept: registered names and
 * failed look-ups (registered null, asked again next run); NXDOMAIN and wildcard answers are not stored. A candidate
 * seen before is "changed" when its fingerprint (registration and DNS answers) differs, and a dismissed one comes
 * back as new only then. "New" counts registrations first seen: a name not known before, or known only as a failed
 * look-up.
 *
 * Between the look-ups and the transaction, the live look-alikes' pages are inspected and scored (pages.ts), outside
 * any transaction (a page takes seconds). A page whose fingerprint differs from the last one seen makes its candidate
 * "changed" too (and brings a dismissed one back as new); a page not inspected this run (over the cap) keeps what was
 * seen of it before.
 */

export interface RunOutcome {
  counts: DomainRunCounts;
  capped: boolean;
  /** For alerts (ASCII domains): registrations first seen this run. */
  newDomains: string[];
  /** Candidates known before, not live then and live now (a new one that is live is in newDomains only). */
  becameLive: string[];
  /** Registered before and now, whose DNS answers or page changed. */
  changed: string[];
}

function permutationsOf(watch: q.DomainWatchRow, cap: number): { list: (Permutation & { source: string })[]; capped: boolean } {
  const seen = new Map<string, Permutation & { source: string }>();
  let capped = false;
  for (const domain of watch.domains) {
    const options = { fuzzers: watch.fuzzers, words: watch.words, tlds: watch.tlds, ...(watch.keywords && { keywords: watch.keywords }) };
    for (const p of permutations(domain, options)) {
      if (seen.has(p.domain)) continue;
      if (seen.size >= cap) {
        capped = true;
        break;
      }
      seen.set(p.domain, { ...p, source: domain });
    }
  }
  return { list: [...seen.values()], capped };
}

const registeredOf = (r: Resolution): boolean | null => (r.status === 'registered' ? true : r.status === 'failed' ? null : false);

/** Exported for the demo's seeded run (demo/domain-watch.ts), whose candidates read as a run's own. */
export function reasonsOf(p: Pick<Permutation, 'fuzzer'> & { source: string }, r: Resolution): StoredReason[] {
  const reasons: StoredReason[] = [{ key: 'domainWatch.reasonFuzzer', params: { domain: p.source, fuzzer: p.fuzzer } }];
  if (r.status === 'failed') {
    reasons.push({ key: 'domainWatch.reasonFailed', params: { codes: Object.entries(r.errors).map(([t, c]) => `${t.toUpperCase()} ${c}`).join(', ') } });
    return reasons;
  }
  const types = (['a', 'aaaa', 'mx', 'ns'] as const).filter((t) => r.dns[t].length).map((t) => t.toUpperCase());
  reasons.push(types.length ? { key: 'domainWatch.reasonRegistered', params: { types: types.join(', ') } } : { key: 'domainWatch.reasonNoRecords' });
  if (r.dns.mx.length) reasons.push({ key: 'domainWatch.reasonMail' });
  return reasons;
}

export const fingerprintOf = (r: Resolution) => createHash('sha256').update(JSON.stringify([registeredOf(r), r.dns])).digest('hex').slice(0, 32);

const addressesOf = (r: Resolution) => [...r.dns.a, ...r.dns.aaaa];

/** The pages of the live ones, the watch's first domain as the reference. */
async function pagesOf(services: Services, watch: q.DomainWatchRow, found: { p: Permutation; r: Resolution }[], browsers: CaptureBrowsers | null, resolver: ReturnType<typeof createDomainResolver>) {
  const config = services.config.domainWatch;
  const live = found.filter(({ r }) => r.status === 'registered' && addressesOf(r).length).map(({ p, r }) => ({ domain: p.domain, addresses: addressesOf(r) }));
  if (live.length === 0 || config.maxPages === 0) return new Map<string, PageOutcome>();
  const officialDomain = watch.domains[0]!;
  const [official] = await resolver.resolveAll([officialDomain]);
  const labels = watch.domains.map((d) => splitDomain(d)?.label ?? '').filter(Boolean);
  const brandWords = brandWordsOf({ brands: await q.brandWordsOfClient(services.db, watch.client_id), words: watch.words, labels });
  const capture = services.config.capture;
  const { pages } = await inspectPages(
    { official: { domain: officialDomain, addresses: official ? addressesOf(official) : [] }, live, brandWords, maxPages: config.maxPages, concurrency: Math.max(2, capture.browsers * 2) },
    { httpPort: config.httpPort, allowPrivate: config.allowPrivate, maxBytes: capture.maxBytes, timeoutMs: capture.timeoutMs, browsers },
  );
  return pages;
}

/**
 * Works one run; a run that is no longer running (its watch removed) is left alone. Never throws for the run's own
 * failure. `browsers` take the pages' screenshots (none without them).
 */
export async function workRun(services: Services, runId: number, browsers: CaptureBrowsers | null = null): Promise<RunOutcome | undefined> {
  const run = await q.findRun(services.db, runId);
  if (!run || run.status !== DomainRunStatus.RUNNING) return undefined;
  const watch = await q.findWatch(services.db, run.watch_id);
  if (!watch) return undefined;
  try {
    const { list, capped } = permutationsOf(watch, services.config.domainWatch.maxPermutations);
    const resolver = createDomainResolver({ servers: dnsServersFromEnv(services.config.domainWatch.dnsServers), perSecond: services.config.domainWatch.dnsPerSecond });
    const resolutions = await resolver.resolveAll(list.map((p) => p.domain));
    const found = list.map((p, i) => ({ p, r: resolutions[i]! })).filter(({ r }) => r.status === 'registered' || r.status === 'failed');
    const pages = await pagesOf(services, watch, found, browsers, resolver);
    const counts: DomainRunCounts = { permutations: list.length, registered: found.filter(({ r }) => r.status === 'registered').length, live: 0, new: 0, changed: 0 };
    const outcome: RunOutcome = { counts, capped, newDomains: [], becameLive: [], changed: [] };
    const done = await services.db.transaction().execute(async (tx) => {
      const locked = await q.lockRun(tx, runId);
      if (!locked || locked.status !== DomainRunStatus.RUNNING) return false;
      const now = services.clock();
      const known = new Map((await q.knownCandidates(tx, watch.id)).map((c) => [c.domain, c]));
      const inserts: Insertable<DomainCandidateTable>[] = [];
      const unchanged: number[] = [];
      const shots: ShotWrites = { clientId: watch.client_id, now, stored: [], replaced: [] };
      for (const { p, r } of found) {
        const registered = registeredOf(r);
        const fingerprint = fingerprintOf(r);
        const before = known.get(p.domain);
        const page = pages.get(p.domain);
        const live = page ? page.inspection.ok : registered === true && addressesOf(r).length > 0 && (before?.live ?? false);
        if (live) counts.live += 1;
        if (registered && before?.registered !== true) {
          counts.new += 1;
          outcome.newDomains.push(p.domain);
        } else if (live && before && !before.live) outcome.becameLive.push(p.domain);
        // A first look at a known candidate's page is not a change (candidates from before pages were inspected, or
        // past the cap until now): changes are told against a page seen.
        const pageChanged = page !== undefined && before?.page_fingerprint != null && before.page_fingerprint !== page.fingerprint;
        const fields = {
          registered, reasons: JSON.stringify(withPageReasons(reasonsOf(p, r), page)), dns: JSON.stringify(r.dns), fingerprint, last_seen_at: now, last_run_id: runId,
          ...(page ? await pageColumns(tx, page, before, shots) : !live && { live: false }),
        };
        if (!before) {
          inserts.push({ watch_id: watch.id, domain: p.domain, unicode: p.unicode, fuzzer: p.fuzzer as DomainFuzzer, first_seen_at: now, first_run_id: runId, ...fields });
        } else if (before.fingerprint === fingerprint && !pageChanged) {
          if (page || before.live !== live) await q.updateCandidate(tx, before.id, fields);
          else unchanged.push(before.id);
        } else {
          if (registered && before.registered === true) {
            counts.changed += 1;
            outcome.changed.push(p.domain);
          }
          await q.updateCandidate(tx, before.id, { ...fields, ...(before.state === 'dismissed' && { state: 'new' }) });
        }
      }
      await q.insertCandidates(tx, inserts);
      await q.touchCandidates(tx, unchanged, runId, now);
      await q.endRun(tx, runId, { status: DomainRunStatus.FINISHED, finishedAt: now, counts, capped });
      return true;
    });
    services.log.info({ runId, watchId: watch.id, ...counts, capped, pages: pages.size }, 'domain watch run finished');
    if (!done) return undefined;
    await afterRun(services, watch.id, runId, outcome);
    return outcome;
  } catch (err) {
    services.log.error({ err, runId }, 'domain watch run failed');
    await q.endRun(services.db, runId, { status: DomainRunStatus.FAILED, finishedAt: services.clock(), error: err instanceof Error ? err.message : String(err) });
    return undefined;
  }
}

/**
 * After a finished run, in this order: the registration facts (so a promoted record's whois has them), the automatic
 * promotion (it reads the scores and categories the run wrote), then the alerts. The run is finished whatever
 * happens here: a failure is logged, and the next run tries again.
 */
async function afterRun(services: Services, watchId: number, runId: number, outcome: RunOutcome): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    ['registrations', () => refreshRegistrations(services, watchId)],
    ['automatic promotion', () => promoteAutomatically(services, watchId, runId)],
    ['alerts', () => alertDomainRun(services, services.db, { watchId, runId, newDomains: outcome.newDomains, becameLive: outcome.becameLive, changed: outcome.changed })],
  ];
  for (const [step, work] of steps) {
    try {
      await work();
    } catch (err) {
      services.log.error({ err, runId, watchId, step }, 'domain watch run: a step after the run failed');
    }
  }
}
