import { DomainRunStatus, type WsSiteCategory } from '@portal/contract';
import type { Insertable } from 'kysely';
import type { Tx } from '../platform/db.js';
import type { DomainCandidateTable } from '../platform/schema.js';
import { permutations } from '../areas/domain-watch/permutations.js';
import * as q from '../areas/domain-watch/queries.js';
import type { Resolution } from '../areas/domain-watch/resolve.js';
import { fingerprintOf, reasonsOf } from '../areas/domain-watch/run.js';
import { scheduleColumns } from '../areas/domain-watch/schedule.js';
import { OFFICIAL_DOMAIN } from './brand-sites.js';
import { answersOf, DEMO_DOMAIN_WATCH, FAILING_NAME } from './look-alikes.js';

/**
 * The demo's domain watch (issue 32 point 5): Sakura's watch of sakura-beauty.jp, made by the demo analyst, with
 * yesterday's finished run and what it found, so the screens (and the accessibility walk) have candidates to show
 * without any network: registered look-alikes with their DNS answers and registration, failed look-ups, live ones
 * with scores and reasons, one promoted into the WS record of its domain, one dismissed (the client's own). Each
 * candidate's answers and fingerprint are those the demo's zone gives today (look-alikes.ts), so the run queued at
 * start finds their DNS unchanged, except sakura-beautty.jp (its site went up since) and the failed ones that answer
 * now.
 */

interface Past {
  domain: string;
  /** Yesterday's answers when they differ from today's zone. */
  before?: Resolution['dns'];
  /** The look-up failed yesterday with this code (on every type). */
  failed?: string;
  page?: { score: number; title: string; category: WsSiteCategory };
  registrar?: string;
  state?: 'dismissed' | 'promoted';
}

const PAST: Past[] = [
  { domain: 'sakura-beauty-store.jp', registrar: 'GMO Internet, Inc.', page: { score: 96, title: 'SAKURA BEAUTY Official Online Store | Sakura Cosmetics', category: 3 } },
  { domain: 'sakura-beauty-online.jp', registrar: 'GMO Internet, Inc.', page: { score: 91, title: 'SAKURA BEAUTY — Sign in', category: 11 } },
  { domain: 'sakurabeauty.jp', registrar: 'Japan Registry Services', page: { score: 84, title: 'さくらビューティー公式オンラインストア | さくら化粧品', category: 3 } },
  { domain: 'sakura-beauty-outlet.jp', registrar: 'NameSilo, LLC', page: { score: 14, title: 'sakura-beauty-outlet.jp is for sale', category: 8 } },
  { domain: 'sakura-beauty-sale.jp', registrar: 'NameSilo, LLC', page: { score: 11, title: 'sakura-beauty-sale.jp', category: 5 } },
  { domain: 'sakura-beuty.jp', registrar: 'Namecheap, Inc.', page: { score: 3, title: 'Kaze Outdoor — Tents, packs and trail gear', category: 2 } },
  { domain: 'sakura-beauty-jp.com', registrar: 'Alibaba Cloud Computing (Beijing)', state: 'promoted' },
  { domain: 'sakura-beauty.com', registrar: 'Namecheap, Inc.' },
  // The client's own defensive registration: nothing to do.
  { domain: 'sakura-beauty.co.jp', registrar: 'Japan Registry Services', state: 'dismissed' },
  { domain: 'sakura--beauty.jp', registrar: 'NameSilo, LLC' },
  { domain: 'sakura-beauty-official.jp', registrar: 'Namecheap, Inc.' },
  { domain: 'saku.ra-beauty.jp' },
  { domain: 'sakura-beautty.jp', registrar: 'GMO Internet, Inc.', before: { a: [], aaaa: [], mx: [], ns: ['ns1.parking-dns.example', 'ns2.parking-dns.example'] } },
  { domain: FAILING_NAME, failed: 'ESERVFAIL' },
  { domain: 'sakura-baeuty.jp', failed: 'ETIMEOUT' },
  { domain: 'sakura-beauty.net', failed: 'ETIMEOUT' },
];

const DAY = 86_400_000;

function resolutionOf(p: Past): Resolution {
  if (p.failed) return { domain: p.domain, status: 'failed', dns: { a: [], aaaa: [], mx: [], ns: [] }, errors: { a: p.failed, aaaa: p.failed, mx: p.failed, ns: p.failed } };
  return { domain: p.domain, status: 'registered', dns: p.before ?? answersOf(p.domain), errors: {} };
}

export async function seedDomainWatch(trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const w = DEMO_DOMAIN_WATCH;
  const created = new Date(now.getTime() - 30 * DAY);
  const watchId = await q.insertWatch(trx, {
    client_id: clientId,
    domains: JSON.stringify(w.domains),
    words: JSON.stringify(w.words),
    keywords: JSON.stringify(w.keywords),
    fuzzers: JSON.stringify(w.fuzzers),
    tlds: JSON.stringify(w.tlds),
    ...scheduleColumns(w.schedule, now),
    created_by: analystId,
    updated_by: analystId,
    created_at: created,
    updated_at: created,
  });
  const started = new Date(now.getTime() - DAY);
  const finished = new Date(started.getTime() + 42_000);
  const runId = await q.insertRun(trx, watchId, started);
  const found = permutations(OFFICIAL_DOMAIN, w);
  const wsRecord = await trx.selectFrom('ws_record').select('ws_id').where('client_id', '=', clientId).where('page_domain', '=', 'sakura-beauty-jp.com').executeTakeFirst();
  const rows: Insertable<DomainCandidateTable>[] = PAST.map((p, i) => {
    const permutation = found.find((f) => f.domain === p.domain);
    if (!permutation) throw new Error(`demo domain watch: ${p.domain} is not one of its permutations`);
    const r = resolutionOf(p);
    const registeredAt = new Date(now.getTime() - (40 + 37 * i) * DAY);
    return {
      watch_id: watchId,
      domain: p.domain,
      unicode: permutation.unicode,
      fuzzer: permutation.fuzzer,
      registered: p.failed ? null : true,
      reasons: JSON.stringify(reasonsOf({ fuzzer: permutation.fuzzer, source: OFFICIAL_DOMAIN }, r)),
      dns: JSON.stringify(r.dns),
      fingerprint: fingerprintOf(r),
      first_seen_at: finished,
      last_seen_at: finished,
      first_run_id: runId,
      last_run_id: runId,
      ...(p.state === 'dismissed' && { state: 'dismissed' }),
      ...(p.state === 'promoted' && wsRecord && { state: 'promoted', record_id: wsRecord.ws_id }),
      ...(p.page && { live: true, score: p.page.score, page_url: `http://${p.domain}/`, page_status: 200, page_title: p.page.title, site_category: p.page.category, checked_at: finished }),
      ...(p.registrar && { registrar: p.registrar, domain_created_at: registeredAt, domain_expires_at: new Date(registeredAt.getTime() + 365 * DAY), registration_source: 'rdap' as const, registration_checked_at: finished }),
    };
  });
  await q.insertCandidates(trx, rows);
  const registered = rows.filter((r) => r.registered).length;
  const counts = { permutations: found.length, registered, live: PAST.filter((p) => p.page).length, new: registered, changed: 0 };
  await q.endRun(trx, runId, { status: DomainRunStatus.FINISHED, finishedAt: finished, counts, capped: false });
}
