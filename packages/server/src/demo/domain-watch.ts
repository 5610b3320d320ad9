import { DomainRunStatus, type MessageKey, type WsSiteCategory } from '@portal/contract';
import type { Insertable } from 'kysely';
import type { Tx } from '../platform/db.js';
import type { DomainCandidateTable, DomainPageSignals, StoredReason } from '../platform/schema.js';
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

/** What yesterday's look at a live one's page found, as page-score.ts words it: the signals behind each point. */
interface SeenPage {
  title: string;
  category: WsSiteCategory;
  markup?: number;
  text?: number;
  shot?: number;
  logo?: boolean;
  words?: string;
  login?: boolean;
  card?: boolean;
  prices?: number;
  parked?: boolean;
  forSale?: boolean;
}

interface Past {
  domain: string;
  /** Yesterday's answers when they differ from today's zone. */
  before?: Resolution['dns'];
  /** The look-up failed yesterday with this code (on every type). */
  failed?: string;
  page?: SeenPage;
  registrar?: string;
  state?: 'dismissed' | 'promoted';
}

/**
 * The page's score and reasons by page-score.ts's points: 0.35 of the HTML's similarity, 0.2 of the screenshot's,
 * logo 20, brand words 15, a login or card form 25, shop, parking and sale 5.
 */
function scored(page: SeenPage): { score: number; reasons: StoredReason[]; signals: DomainPageSignals } {
  const reasons: StoredReason[] = [];
  let score = 0;
  const add = (points: number, key: MessageKey, params: Record<string, string | number> = {}) => {
    score += points;
    reasons.push({ key, params: { ...params, points } });
  };
  if (page.markup) add(Math.round(0.35 * page.markup), 'domainWatch.reasonMarkupSimilar', { percent: page.markup });
  else if (page.text) add(Math.round(0.35 * page.text), 'domainWatch.reasonTextSimilar', { percent: page.text });
  if (page.shot) add(Math.round(0.2 * page.shot), 'domainWatch.reasonScreenshotSimilar', { percent: page.shot });
  if (page.logo) add(20, 'domainWatch.reasonLogo');
  if (page.words) add(15, 'domainWatch.reasonBrandWords', { words: page.words });
  if (page.login || page.card) add(25, page.card ? 'domainWatch.reasonCardForm' : 'domainWatch.reasonLoginForm');
  else if (page.prices) add(5, 'domainWatch.reasonShop', { prices: page.prices });
  if (page.forSale) add(5, 'domainWatch.reasonForSale');
  if (page.parked) add(5, 'domainWatch.reasonParked');
  const signals: DomainPageSignals = {
    htmlSimilarity: page.markup ?? page.text ?? 0,
    screenshotSimilarity: page.shot ?? 0,
    brandWords: page.words ? page.words.split(', ') : [],
    logo: page.logo ?? false,
    shop: (page.prices ?? 0) > 0,
    login: page.login ?? page.card ?? false,
    parked: page.parked ?? false,
    forSale: page.forSale ?? false,
    empty: false,
  };
  return { score: Math.min(100, score), reasons, signals };
}

const PAST: Past[] = [
  { domain: 'sakura-beauty-store.jp', registrar: 'GMO Internet, Inc.', page: { title: 'SAKURA BEAUTY Official Online Store | Sakura Cosmetics', category: 10, markup: 100, shot: 100, logo: true, words: 'SAKURA BEAUTY, sakura-beauty', prices: 4 } },
  { domain: 'sakura-beauty-online.jp', registrar: 'GMO Internet, Inc.', page: { title: 'SAKURA BEAUTY — Sign in', category: 11, logo: true, words: 'SAKURA BEAUTY, sakura-beauty', card: true } },
  { domain: 'sakurabeauty.jp', registrar: 'Japan Registry Services', page: { title: 'さくらビューティー公式オンラインストア | さくら化粧品', category: 10, markup: 59, logo: true, words: 'さくらビューティー, sakura-beauty', prices: 4 } },
  { domain: 'sakura-beauty-outlet.jp', registrar: 'NameSilo, LLC', page: { title: 'sakura-beauty-outlet.jp is for sale', category: 8, forSale: true } },
  { domain: 'sakura-beauty-sale.jp', registrar: 'NameSilo, LLC', page: { title: 'sakura-beauty-sale.jp', category: 5, parked: true } },
  { domain: 'sakura-beuty.jp', registrar: 'Namecheap, Inc.', page: { title: 'Kaze Outdoor — Tents, packs and trail gear', category: 2 } },
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
    const page = p.page && scored(p.page);
    const registeredAt = new Date(now.getTime() - (40 + 37 * i) * DAY);
    return {
      watch_id: watchId,
      domain: p.domain,
      unicode: permutation.unicode,
      fuzzer: permutation.fuzzer,
      registered: p.failed ? null : true,
      reasons: JSON.stringify([...reasonsOf({ fuzzer: permutation.fuzzer, source: OFFICIAL_DOMAIN }, r), ...(page?.reasons ?? [])]),
      dns: JSON.stringify(r.dns),
      fingerprint: fingerprintOf(r),
      first_seen_at: finished,
      last_seen_at: finished,
      first_run_id: runId,
      last_run_id: runId,
      ...(p.state === 'dismissed' && { state: 'dismissed' }),
      ...(p.state === 'promoted' && wsRecord && { state: 'promoted', record_id: wsRecord.ws_id }),
      ...(p.page && page && { live: true, score: page.score, page_url: `http://${p.domain}/`, page_status: 200, page_title: p.page.title, page_signals: JSON.stringify(page.signals), site_category: p.page.category, checked_at: finished }),
      ...(p.registrar && { registrar: p.registrar, domain_created_at: registeredAt, domain_expires_at: new Date(registeredAt.getTime() + 365 * DAY), registration_source: 'rdap' as const, registration_checked_at: finished }),
    };
  });
  await q.insertCandidates(trx, rows);
  const registered = rows.filter((r) => r.registered).length;
  const counts = { permutations: found.length, registered, live: PAST.filter((p) => p.page).length, new: registered, changed: 0 };
  await q.endRun(trx, runId, { status: DomainRunStatus.FINISHED, finishedAt: finished, counts, capped: false });
}
