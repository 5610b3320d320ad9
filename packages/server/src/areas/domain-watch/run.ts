import { createHash } from 'node:crypto';
import { DomainRunStatus, type DomainFuzzer, type DomainRunCounts } from '@portal/contract';
import type { Insertable } from 'kysely';
import type { Services } from '../../platform/context.js';
import type { DomainCandidateTable, StoredReason } from '../../platform/schema.js';
import { permutations, type Permutation } from './permutations.js';
import { createDomainResolver, dnsServersFromEnv, type Resolution } from './resolve.js';
import * as q from './queries.js';

/**
 * One run of a domain watch (issue 32): the permutations of each domain (at most the configured cap, the first
 * domains' first), each resolved, then everything written in one transaction at the end. Kept: registered names and
 * failed look-ups (registered null, asked again next run); NXDOMAIN and wildcard answers are not stored. A candidate
 * seen before is "changed" when its fingerprint (registration and DNS answers) differs, and a dismissed one comes
 * back as new only then. "New" counts registrations first seen: a name not known before, or known only as a failed
 * look-up.
 */

export interface RunOutcome {
  counts: DomainRunCounts;
  capped: boolean;
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

/** Works one run; a run that is no longer running (its watch removed) is left alone. Never throws for the run's own failure. */
export async function workRun(services: Services, runId: number): Promise<RunOutcome | undefined> {
  const run = await q.findRun(services.db, runId);
  if (!run || run.status !== DomainRunStatus.RUNNING) return undefined;
  const watch = await q.findWatch(services.db, run.watch_id);
  if (!watch) return undefined;
  try {
    const { list, capped } = permutationsOf(watch, services.config.domainWatch.maxPermutations);
    const resolver = createDomainResolver({ servers: dnsServersFromEnv(services.config.domainWatch.dnsServers), perSecond: services.config.domainWatch.dnsPerSecond });
    const resolutions = await resolver.resolveAll(list.map((p) => p.domain));
    const found = list.map((p, i) => ({ p, r: resolutions[i]! })).filter(({ r }) => r.status === 'registered' || r.status === 'failed');
    const counts: DomainRunCounts = { permutations: list.length, registered: found.filter(({ r }) => r.status === 'registered').length, live: 0, new: 0, changed: 0 };
    const done = await services.db.transaction().execute(async (tx) => {
      const locked = await q.lockRun(tx, runId);
      if (!locked || locked.status !== DomainRunStatus.RUNNING) return false;
      const now = services.clock();
      const known = new Map((await q.knownCandidates(tx, watch.id)).map((c) => [c.domain, c]));
      const inserts: Insertable<DomainCandidateTable>[] = [];
      const unchanged: number[] = [];
      for (const { p, r } of found) {
        const registered = registeredOf(r);
        const fingerprint = fingerprintOf(r);
        const before = known.get(p.domain);
        if (registered && before?.registered !== true) counts.new += 1;
        const fields = { registered, reasons: JSON.stringify(reasonsOf(p, r)), dns: JSON.stringify(r.dns), fingerprint, last_seen_at: now, last_run_id: runId };
        if (!before) {
          inserts.push({ watch_id: watch.id, domain: p.domain, unicode: p.unicode, fuzzer: p.fuzzer as DomainFuzzer, first_seen_at: now, first_run_id: runId, ...fields });
        } else if (before.fingerprint === fingerprint) {
          unchanged.push(before.id);
        } else {
          if (registered && before.registered === true) counts.changed += 1;
          await q.updateCandidate(tx, before.id, { ...fields, ...(before.state === 'dismissed' && { state: 'new' }) });
        }
      }
      await q.insertCandidates(tx, inserts);
      await q.touchCandidates(tx, unchanged, runId, now);
      await q.endRun(tx, runId, { status: DomainRunStatus.FINISHED, finishedAt: now, counts, capped });
      return true;
    });
    services.log.info({ runId, watchId: watch.id, ...counts, capped }, 'domain watch run finished');
    return done ? { counts, capped } : undefined;
  } catch (err) {
    services.log.error({ err, runId }, 'domain watch run failed');
    await q.endRun(services.db, runId, { status: DomainRunStatus.FAILED, finishedAt: services.clock(), error: err instanceof Error ? err.message : String(err) });
    return undefined;
  }
}
