import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeImageHeader } from '../platform/images.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/passwords.js';
import { channelOfListing, Role, type EcRecord, type TakedownNotice } from '@portal/contract';
import { createUser, startTestPortal, type TestPortal } from '../testing/index.js';
import { seedDemo } from './seed.js';
import { createSession } from '../platform/auth.js';
import { sql } from 'kysely';

let tp: TestPortal;
let dataDir: string;
beforeAll(async () => {
  tp = await startTestPortal();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-'));
});
afterAll(async () => {
  await tp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('seeds accounts with generated passwords once, and shows every area something to work with', async () => {
    const services = { ...tp.portal.services, config: { ...tp.portal.services.config, dataDir } };
    const accounts = await seedDemo(services);
    expect(accounts.map((a) => a.mail)).toEqual(expect.arrayContaining(['admin@example.com', 'analyst@example.com', 'client@example.com']));
    const admin = await services.db.selectFrom('users').select('password_hash').where('user_mail', '=', 'admin@example.com').executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.password_hash, accounts.find((a) => a.mail === 'admin@example.com')!.password)).toBe(true);
    expect(await seedDemo(services)).toEqual(accounts); // a restart prints the same accounts and seeds nothing twice
    expect(await services.db.selectFrom('users').select('user_id').where('user_mail', '=', 'admin@example.com').execute()).toHaveLength(1);

    const count = async (table: 'client' | 'client_contract' | 'brand' | 'special_url' | 'attorney_letter' | 'notice' | 'news' | 'infringement_subcategory' | 'ec_site_account' | 'trademark' | 'stored_file' | 'ec_report' | 'ec_record' | 'ws_report' | 'ws_record') =>
      (await services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    for (const table of ['client', 'client_contract', 'brand', 'special_url', 'attorney_letter', 'notice', 'news', 'infringement_subcategory', 'ec_site_account', 'trademark', 'stored_file', 'ec_report', 'ec_record', 'ws_report', 'ws_record'] as const) {
      expect(await count(table), table).toBeGreaterThan(0);
    }
    // Service requests: every type of the service menu entries, in every status.
    const requests = await services.db.selectFrom('service_request').select(['type', 'status']).execute();
    expect(new Set(requests.map((r) => r.type)).size).toBe(10);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    // The website report: 30 sites with whois text, most categorized and posted, none in error.
    const sites = await services.db.selectFrom('ws_record').select(['whois', 'published', 'category_id', 'is_error']).execute();
    expect(sites).toHaveLength(30);
    expect(sites.every((r) => r.whois.startsWith('Domain Name:') && !r.is_error)).toBe(true);
    expect(sites.filter((r) => r.published && r.category_id !== null)).toHaveLength(24);
    // Issue 32: Sakura's domain watch with yesterday's finished run: registered look-alikes with their answers and
    // registration, failed look-ups, live ones scored, one promoted into the WS record of its domain, one dismissed.
    const watches = await services.db.selectFrom('domain_watch').select(['id', 'domains', 'schedule']).execute();
    expect(watches.map((w) => [w.domains, w.schedule?.every])).toEqual([[['sakura-beauty.jp'], 'day']]);
    const runs = await services.db.selectFrom('domain_watch_run').select(['status', 'counts']).execute();
    expect(runs).toEqual([{ status: 2, counts: expect.objectContaining({ registered: 13, live: 6 }) }]);
    const found = await services.db.selectFrom('domain_candidate as d').leftJoin('ws_record as r', 'r.ws_id', 'd.record_id').select(['d.domain', 'd.registered', 'd.live', 'd.score', 'd.state', 'd.dns', 'd.registrar', 'r.page_domain']).execute();
    expect(found.filter((c) => c.registered === true && c.dns.a.length + c.dns.mx.length + c.dns.ns.length > 0)).toHaveLength(13);
    expect(found.filter((c) => c.registered === null)).toHaveLength(3);
    expect(found.filter((c) => c.live && c.score > 0).length).toBeGreaterThanOrEqual(5);
    expect(found.filter((c) => c.state === 'promoted').map((c) => [c.domain, c.page_domain])).toEqual([['sakura-beauty-jp.com', 'sakura-beauty-jp.com']]);
    expect(found.filter((c) => c.state === 'dismissed')).toHaveLength(1);
    // The social media report: 40 posts across platforms, most categorized and posted, one black-listed account.
    const posts = await services.db.selectFrom('sns_record').select(['platform', 'published', 'category_id', 'action', 'process1_result', 'blacklist', 'whitelist', 'is_error']).execute();
    expect(posts).toHaveLength(40);
    expect(new Set(posts.map((r) => r.platform)).size).toBeGreaterThanOrEqual(8);
    expect(posts.filter((r) => r.published && r.category_id !== null)).toHaveLength(32);
    expect(posts.some((r) => r.action !== null) && posts.some((r) => r.process1_result !== null)).toBe(true);
    expect(posts.filter((r) => r.blacklist !== '').map((r) => r.blacklist)).toEqual(['account: Sakura Outlet 88; account id: so88']);
    expect(posts.every((r) => !r.is_error)).toBe(true);
    // Evidence: a done capture (its hashes match its files) and a failed one with its reason.
    const captures = await services.db.selectFrom('evidence_capture as e').leftJoin('stored_file as f', 'f.name', 'e.html_file').select(['e.state', 'e.reason', 'e.sha256_html', 'f.bytes', 'e.recheck_round']).orderBy('e.capture_id').execute();
    expect(captures.slice(0, 2).map((c) => [c.state, c.reason])).toEqual([['done', null], ['failed', 'unreachable']]);
    // And a drawn listing page as the picture of the first records of every kind (the lists' thumbnails).
    const pictured = await services.db.selectFrom('evidence_capture').select(['kind', (eb) => eb.fn.countAll<string>().as('n')]).where('state', '=', 'done').groupBy('kind').orderBy('kind').execute();
    expect(pictured.map((p) => p.kind)).toEqual(['ec', 'sns', 'ws']);
    for (const p of pictured) expect(Number(p.n), p.kind).toBeGreaterThanOrEqual(8);
    const page = await services.db.selectFrom('evidence_capture as e').innerJoin('stored_file as f', 'f.name', 'e.png_file').select('f.bytes').where('e.kind', '=', 'sns').executeTakeFirstOrThrow();
    const header = decodeImageHeader(page.bytes);
    expect(header.ok && header.image).toEqual({ type: 'png', width: 480, height: 600 });
    // Issue 19: the demo client's records of every kind carry triage suggestions with their trace.
    const suggested = await services.db.selectFrom('triage_suggestion').select(['kind', 'trace']).execute();
    expect(new Set(suggested.map((s) => s.kind))).toEqual(new Set(['ec', 'ws', 'sns']));
    expect(suggested.every((s) => Array.isArray(s.trace) && (s.trace as unknown[]).length > 0)).toBe(true);
    expect(createHash('sha256').update(captures[0]!.bytes!).digest('hex')).toBe(captures[0]!.sha256_html);
    // Takedown: listings naming the client's trademark to compose for, and a notice sent for the captured one, for
    // its marketplace's own channel (issue 35: never eBay VeRO for a Rakuten or Coupang listing).
    expect((await services.db.selectFrom('ec_record').select('ec_id').where('ec_response_trademark', 'is not', null).execute()).length).toBeGreaterThan(1);
    const sent = await services.db.selectFrom('takedown_notice').select(['channel', 'body', 'record_ids']).execute();
    expect(sent).toHaveLength(1);
    const sentFor = await services.db.selectFrom('ec_record').select(['ec_site', 'ec_product_url']).where('ec_id', '=', Number(sent[0]!.record_ids[0])).executeTakeFirstOrThrow();
    expect(sent[0]!.channel).toBe(channelOfListing(sentFor.ec_site, sentFor.ec_product_url));
    // The notice cites the capture (every channel names its PNG's hash).
    const cited = await services.db.selectFrom('evidence_capture').select('sha256_png').where('ec_id', '=', Number(sent[0]!.record_ids[0])).where('state', '=', 'done').executeTakeFirstOrThrow();
    expect(sent[0]!.body).toContain(cited.sha256_png!);
    // A newcomer's first pick composes cleanly (issue 35): the first listings of the analyst's EC list that are not
    // taken down yet name a trademark in force for their country and have a capture, so their notices have no
    // problem, each for its marketplace's channel (Rakuten's form, a mail for Coupang).
    const demoAnalyst = await services.db.selectFrom('users').select('user_id').where('user_mail', '=', 'analyst@example.com').executeTakeFirstOrThrow();
    const token = await createSession(services.db, demoAnalyst.user_id, tp.clock.now);
    const sakura = await services.db.selectFrom('client').select('client_id').orderBy('client_id').executeTakeFirstOrThrow();
    const listed = (await tp.post('/api/ec-data/search-records', { clientId: sakura.client_id, limit: 20 }, { token })).body.data as { records: EcRecord[] };
    const takenDown = (r: EcRecord) => [r.ec_process1_result, r.ec_process2_result, r.ec_process3_result, r.ec_process_result].includes(2);
    const firstLive = listed.records.filter((r) => !takenDown(r)).slice(0, 8);
    expect(firstLive).toHaveLength(8);
    // The first rows are mostly live: a newcomer's first few rows include clean ones at once.
    expect(listed.records.slice(0, 3).some((r) => !takenDown(r))).toBe(true);
    for (const r of firstLive) {
      const res = await tp.post('/api/takedown/compose', { clientId: sakura.client_id, kind: 'ec', recordIds: [r.ec_id] }, { token });
      const data = res.body.data as { proposed: string; notices: TakedownNotice[] };
      expect(data.proposed, r.ec_site).toBe(channelOfListing(r.ec_site, r.ec_product_url));
      expect(data.notices.flatMap((n) => n.problems), `${r.ec_id} ${r.ec_site} ${r.ec_product_region}`).toEqual([]);
    }
    expect(new Set(firstLive.map((r) => channelOfListing(r.ec_site, r.ec_product_url))).size).toBeGreaterThan(1);
    // Together too: one selection of them is one clean composition (a mix of marketplaces: the general channel).
    const together = (await tp.post('/api/takedown/compose', { clientId: sakura.client_id, kind: 'ec', recordIds: firstLive.map((r) => r.ec_id) }, { token })).body.data as { proposed: string; notices: TakedownNotice[] };
    expect(together.notices.flatMap((n) => n.problems)).toEqual([]);
    // Re-checks after a takedown: listings gone and still live, each re-check beside the capture before it; the
    // rest were tried (unreachable .example addresses) and queue nothing.
    const verdicts = await services.db.selectFrom('takedown_recheck').select(['kind', 'verdict', 'capture_id', 'attempts']).execute();
    expect(verdicts.filter((v) => v.verdict === 'live').map((v) => v.kind).sort()).toEqual(['ec', 'ec', 'sns']);
    expect(verdicts.filter((v) => v.verdict === 'gone')).toHaveLength(2);
    expect(verdicts.every((v) => v.verdict !== null || v.attempts >= 3)).toBe(true);
    expect(captures.filter((c) => c.recheck_round !== null)).toHaveLength(5);
    // Price history: three listings read by a price-monitoring task on six runs (one run without a price).
    const prices = await services.db.selectFrom('crawler_price').select(['listing_id', 'price']).execute();
    expect([new Set(prices.map((p) => p.listing_id)).size, prices.length, prices.filter((p) => p.price === null).length]).toEqual([3, 18, 1]);
    // Each reader's language (issue 16, point 7): notices in the recipient's, news for the request's, and no
    // "English / Japanese" pairs in notices, custom column labels or trademark remarks.
    const notices = await services.db.selectFrom('notice').innerJoin('users', 'users.user_id', 'notice.user_id').select(['title', 'user_locale']).execute();
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices) expect(/[\u3040-\u30ff]/.test(n.title), n.title).toBe(n.user_locale === 'ja');
    const paired = (texts: string[]) => texts.filter((text) => / \/ /.test(text));
    expect(paired((await services.db.selectFrom('custom_column').select('column_name').execute()).map((c) => c.column_name))).toEqual([]);
    expect(paired((await services.db.selectFrom('trademark').select('remarks').execute()).map((t) => t.remarks))).toEqual([]);
    expect(paired((await services.db.selectFrom('news').select('title').execute()).map((t) => t.title))).toEqual([]);
    // Issue 35: a Japanese company's name, columns and reports in Japanese, its Japanese user's requests in Japanese.
    const japanese = (text: string) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(text);
    // Kana: an English title may quote a Japanese registration number (第6123456号), never a sentence.
    const kana = (text: string) => /[\u3040-\u30ff]/.test(text);
    const firstClient = await services.db.selectFrom('client').select('client_name').orderBy('client_id').executeTakeFirstOrThrow();
    expect(firstClient.client_name).toBe('さくら化粧品株式会社 (Sakura Cosmetics)');
    expect((await services.db.selectFrom('custom_column').select('column_name').execute()).every((c) => japanese(c.column_name))).toBe(true);
    for (const table of ['ws_report', 'sns_report'] as const) {
      expect((await services.db.selectFrom(table).select('report_name').execute()).every((r) => japanese(r.report_name)), table).toBe(true);
    }
    const byLocale = await services.db.selectFrom('service_request as r').innerJoin('users as u', 'u.user_id', 'r.created_by').select(['r.title', 'u.user_locale']).execute();
    expect(new Set(byLocale.map((r) => r.user_locale))).toEqual(new Set(['en', 'ja']));
    for (const r of byLocale) expect(kana(r.title), r.title).toBe(r.user_locale === 'ja');
    const reader = await createUser(tp, { role: Role.ANALYST });
    const newsIn = async (locale: 'en' | 'ja') => ((await tp.post('/api/ipf-news', { page: 1, pageSize: 10 }, { token: reader.token, locale })).body.data as { news: { title: string }[] }).news.map((n) => n.title);
    expect(await newsIn('ja')).toContain('特許庁：商標出願の手引き');
    expect(await newsIn('en')).toEqual(['EUIPO: searching trademarks with TMview', 'JPO: trademark application guide', 'WIPO: the 13th edition of the Nice Classification is in force']);
    // The demo logos are real PNGs, served like any upload.
    const logo = await services.db.selectFrom('stored_file').select(['bytes', 'content_type']).where('kind', '=', 'tm').executeTakeFirstOrThrow();
    expect(logo.content_type).toBe('image/png');
    expect(decodeImageHeader(logo.bytes)).toMatchObject({ ok: true, image: { type: 'png' } });
    // Triage signals (issue 19): networks by name, phone, mail and address, a repeat offender, abnormal prices.
    const reasons = await sql<{ reason: string }>`SELECT DISTINCT reason FROM triage_seller_link ORDER BY reason`.execute(services.db);
    expect(reasons.rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['address', 'mail', 'name', 'phone']));
    const repeat = await sql<{ n: number }>`SELECT count(*)::int AS n FROM triage_seller_cluster WHERE repeat_offender`.execute(services.db);
    expect(repeat.rows[0]!.n).toBeGreaterThan(0);
    const abnormal = await sql<{ n: number }>`SELECT count(*)::int AS n FROM triage_price_score WHERE score >= 3`.execute(services.db);
    expect(abnormal.rows[0]!.n).toBeGreaterThanOrEqual(3);
    // The look-alikes' reasons are message keys: each reader gets them in their language (the English analyst's,
    // the Japanese one's).
    const watchId = watches[0]!.id;
    const jaAnalyst = await services.db.selectFrom('users').select('user_id').where('user_mail', '=', 'analyst2@example.com').executeTakeFirstOrThrow();
    const reasonsFor = async (as: string) =>
      ((await tp.post('/api/domain-watch/fetch-candidates', { watchId, offset: 0, limit: 50 }, { token: as })).body.data as { candidates: { reasons: string[] }[] }).candidates.flatMap((c) => c.reasons);
    const en = await reasonsFor(token);
    const ja = await reasonsFor(await createSession(services.db, jaAnalyst.user_id, tp.clock.now));
    expect(en.length).toBeGreaterThan(20);
    // (An English sentence may quote a Japanese brand word in brackets.)
    expect([en.filter((r) => kana(r.replace(/\(.*?\)/g, ''))), ja.filter((r) => !kana(r))]).toEqual([[], []]);
  });
});
