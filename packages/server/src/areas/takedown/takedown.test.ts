import { channelOfListing, ErrorCode, Role, translate, type SentNotice, type TakedownChannel, type TakedownNotice } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trademarkRegionName } from '@portal/contract/trademark-lists';
import { checkDocument } from '../../platform/documents.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { insertRecords, insertReport, recordRow, type RecordValues } from '../../kinds/ec/fixtures.js';

/**
 * Takedown notices through the real calls: each channel's notice for a known record, every pre-send problem once,
 * marking sent (the round's report date, the history, the stored notice, all or nothing), the exports, tenancy.
 */
let tp: TestPortal;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;
let report: number;
let jpMark: number;
let cnMark: number;
let expiredMark: number;
let otherRecord: number;
const PNG_HASH = 'a'.repeat(64);
const HTML_HASH = 'b'.repeat(64);
let today: string;

beforeAll(async () => {
  tp = await startTestPortal();
  today = tp.clock.now.toISOString().slice(0, 10);
  acme = await createClient(tp, 'Sakura Cosmetics');
  other = await createClient(tp, 'Other Co');
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana Lyst' });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme);
  await manage(tp, outsider, other);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  const db = tp.portal.services.db;
  const mark = (no: string, region: string, invalid: string | null) =>
    db.insertInto('trademark').values({ client_id: acme, no, region, type: '3', text: 'SAKURA GLOW', invalid_date: invalid, created_at: tp.clock.now, updated_at: tp.clock.now }).returning('trademark_id').executeTakeFirstOrThrow();
  jpMark = (await mark('第6123456号', 'JP', '2099-01-01')).trademark_id;
  cnMark = (await mark('40123456', 'CN', null)).trademark_id;
  expiredMark = (await mark('OLD-1', 'JP', '2001-01-01')).trademark_id;
  await db.insertInto('attorney_letter').values({ client_id: acme, region: 'JP', start_date: '2000-01-01', end_date: '2099-12-31' }).execute();
  await db.insertInto('special_url').values({ client_id: acme, type: 1, url: '', seller: 'Sakura Official Store', seller_id: '' }).execute();
  report = await insertReport(tp, acme, 'November');
  const otherReport = await insertReport(tp, other, 'Theirs');
  otherRecord = (await insertRecords(tp, other, otherReport, [{ ec_product_url: 'https://www.ebay.example/itm/999' }]))[0]!;
});
afterAll(async () => {
  await tp?.close();
});

/** A record of Acme that passes every check unless told otherwise: JP listing, JP mark, a finished capture. */
async function record(over: RecordValues = {}, capture = true): Promise<number> {
  const id = (await insertRecords(tp, acme, report, [{ ec_product_seller: 'cheap-cosme-88', ec_product_title: 'SAKURA GLOW serum 30ml', ec_product_price: '19.99', ec_product_currency: 'USD', ec_product_region: 'JP', ec_response_trademark: jpMark, ...over }]))[0]!;
  if (capture) {
    await tp.portal.services.db
      .insertInto('evidence_capture')
      .values({ client_id: acme, kind: 'ec', ec_id: id, url: 'x', state: 'done', final_url: 'https://final.example/', http_status: 200, sha256_png: PNG_HASH, sha256_html: HTML_HASH, requested_at: tp.clock.now, captured_at: tp.clock.now })
      .execute();
  }
  return id;
}

async function compose(channel: string | undefined, recordIds: number[], user = analyst, locale: 'en' | 'ja' = 'en') {
  return tp.post('/api/takedown/compose', { clientId: acme, kind: 'ec', recordIds, ...(channel === undefined ? {} : { channel }) }, { token: user.token, locale });
}
const notices = (res: { body: { data: unknown } }) => (res.body.data as { notices: TakedownNotice[] }).notices;

describe('each channel drafts its notice from the record, the trademark, the evidence and the attorney letter', () => {
  it('DSA: the four elements of Article 16(2), in English', async () => {
    const id = await record({ ec_product_url: 'https://shop.example/item/1', ec_site: 'Shop EU' });
    const [n] = notices(await compose('dsa', [id]));
    expect(n).toMatchObject({ channel: 'dsa', recordIds: [id], problems: [] });
    expect(n!.to).toContain('Shop EU');
    for (const part of ['Art. 16(2)(a)', 'Art. 16(2)(b)', 'Art. 16(2)(c)', 'Art. 16(2)(d)', 'https://shop.example/item/1', 'Ana Lyst', analyst.mail, 'on behalf of Sakura Cosmetics', 'bona fide belief', 'accurate and complete', '第6123456号', 'https://www.j-platpat.inpit.go.jp/', 'cheap-cosme-88', '19.99 USD', PNG_HASH, HTML_HASH, 'Letter of authorisation: for JP']) {
      expect(n!.body).toContain(part);
    }
  });

  it('eBay VeRO: one NOII for the batch, each item with its number and reason code', async () => {
    const a = await record({ ec_product_url: 'https://www.ebay.example/itm/123456789012' });
    const b = await record({ ec_product_url: 'https://www.ebay.example/itm/Sakura-refill/223456789012', ec_product_title: 'Refill compatible with SAKURA GLOW' });
    const list = notices(await compose('ebay-vero', [a, b]));
    expect(list).toHaveLength(1);
    expect(list[0]!.recordIds).toEqual([a, b]);
    expect(list[0]!.body).toContain('Item number: 123456789012');
    expect(list[0]!.body).toContain('Item number: 223456789012');
    expect(list[0]!.body).toContain('Reason code: Trademark - item(s) is a counterfeit product');
    expect(list[0]!.body).toContain('Reason code: Trademark - listing(s) contains unlawful use of trademark');
    expect(list[0]!.body).toContain('penalty of perjury');
    expect(list[0]!.to).toContain('VeRO');
  });

  it('Amazon: ASIN, trademark registration number and the infringement type', async () => {
    const id = await record({ ec_product_url: 'https://www.amazon.example/dp/B0ABCDEFGH?th=1' });
    const [n] = notices(await compose('amazon', [id]));
    expect(n!.body).toContain('ASIN: B0ABCDEFGH');
    expect(n!.body).toContain('Trademark registration number: 第6123456号');
    expect(n!.body).toContain('Infringement type: Trademark - counterfeit product');
    expect(n!.to).toContain('amazon.com/report/infringement');
  });

  it('Alibaba IPP: at most 300 listings per notice, split beyond', async () => {
    const ids = await insertRecords(tp, acme, report, Array.from({ length: 301 }, (_, i) => ({ ec_product_url: `https://www.aliexpress.example/item/${i}.html`, ec_response_trademark: jpMark, ec_product_region: 'JP' })));
    const list = notices(await compose('alibaba-ipp', ids));
    expect(list.map((n) => n.recordIds.length)).toEqual([300, 1]);
    expect(list[1]!.recordIds).toEqual([ids[300]]);
    expect(list[0]!.body).toContain('IPR type: Trademark');
    expect(list[0]!.body).toContain('Registration number: 第6123456号');
    expect(list[0]!.body).toContain('https://www.aliexpress.example/item/0.html');
  });

  it('Rakuten, Mercari and Rakuma: in Japanese, whatever the user reads', async () => {
    const id = await record({ ec_product_url: 'https://jp.mercari.example/item/m12345678901' });
    for (const channel of ['rakuten', 'mercari', 'rakuma']) {
      const [n] = notices(await compose(channel, [id]));
      expect(n!.body, channel).toContain('商標権');
      expect(n!.body, channel).toContain('登録番号 第6123456号');
      expect(n!.body, channel).toContain('申告者: Ana Lyst');
      expect(n!.body, channel).toContain('誓約');
      expect(n!.subject, channel).toContain('【権利侵害申告】');
    }
    const [mercari] = notices(await compose('mercari', [id]));
    expect(mercari!.body).toContain('商品ID m12345678901');
    expect(mercari!.to).toContain('メルカリ');
  });

  it('mail: in the language of the user', async () => {
    const id = await record({ ec_product_url: 'https://shop.example/item/mail' });
    const [en] = notices(await compose('mail', [id]));
    expect(en!.body).toContain('I write on behalf of Sakura Cosmetics');
    const [ja] = notices(await compose('mail', [id], analyst, 'ja'));
    expect(ja!.body).toContain('Sakura Cosmetics の代理として連絡いたします');
  });
});

describe('the channel proposed for the listings\' marketplace (issue 35)', () => {
  const proposed = (res: { body: { data: unknown } }) => (res.body.data as { proposed: TakedownChannel }).proposed;

  it('is the marketplace\'s own channel by site name or host, the general one (mail) without one or for a mix', async () => {
    const rakuten = await record({ ec_site: 'Rakuten', ec_product_url: 'https://item.rakuten.example/item/1037' });
    const coupang = await record({ ec_site: 'Coupang', ec_product_url: 'https://www.coupang.example/item/2377' });
    const ebayByHost = await record({ ec_site: '', ec_product_url: 'https://www.ebay.example/itm/123456789012' });
    const taobao = await record({ ec_site: 'Taobao', ec_product_url: 'https://item.taobao.example/item/1' });
    for (const [ids, channel] of [[[rakuten], 'rakuten'], [[coupang], 'mail'], [[ebayByHost], 'ebay-vero'], [[taobao], 'alibaba-ipp'], [[rakuten, ebayByHost], 'mail']] as const) {
      const res = await compose(undefined, [...ids]);
      expect(proposed(res), channel).toBe(channel);
      // Without a channel asked, the notices are the proposed channel's.
      expect(notices(res).map((n) => n.channel), channel).toEqual(notices(res).map(() => channel));
    }
    expect(notices(await compose(undefined, [rakuten]))[0]!.to).toBe('楽天市場 権利侵害申告窓口');
    // A channel asked is the one composed for; the proposal still says what the marketplace's own would be.
    const asked = await compose('ebay-vero', [rakuten]);
    expect([proposed(asked), notices(asked)[0]!.channel]).toEqual(['rakuten', 'ebay-vero']);
  });

  it('reads the names marketplaces go by, Rakuma before Rakuten, and hosts when the name says nothing', () => {
    expect(channelOfListing('Rakuten Ichiba', '')).toBe('rakuten');
    expect(channelOfListing('楽天市場', '')).toBe('rakuten');
    expect(channelOfListing('', 'https://item.rakuten.co.jp/shop/item-1/')).toBe('rakuten');
    expect(channelOfListing('', 'https://item.fril.jp/abc')).toBe('rakuma');
    expect(channelOfListing('Rakuma', 'https://item.rakuten.co.jp/x')).toBe('rakuma');
    expect(channelOfListing('Amazon.co.jp', '')).toBe('amazon');
    expect(channelOfListing('eBay', '')).toBe('ebay-vero');
    expect(channelOfListing('AliExpress', '')).toBe('alibaba-ipp');
    expect(channelOfListing('メルカリ', '')).toBe('mercari');
    expect(channelOfListing('Coupang', 'https://www.coupang.com/vp/products/1')).toBe('mail');
    expect(channelOfListing('Shop EU', 'not a url')).toBe('mail');
    // A name that is no marketplace's does not hide the host; a name that is one wins over the host.
    expect(channelOfListing('Some shop', 'https://www.amazon.de/dp/B000000000')).toBe('amazon');
    expect(channelOfListing('eBay', 'https://www.amazon.de/dp/B000000000')).toBe('ebay-vero');
  });
});

describe('each record once (issue 35)', () => {
  it('a record selected twice, with two problems, is in the notice once and each problem is named once', async () => {
    const twice = await record({ ec_response_trademark: null, ec_process1_date: '2026-01-05', ec_process1_result: 2 });
    const other = await record();
    for (const channel of ['ebay-vero', 'mail'] as const) {
      const all = notices(await compose(channel, [twice, other, twice]));
      expect(all.flatMap((n) => n.recordIds), channel).toEqual([twice, other]);
      expect(all.flatMap((n) => n.problems).map((p) => [p.recordId, p.field]), channel).toEqual([
        [twice, 'trademark'],
        [twice, 'result'],
      ]);
    }
    // The export lists it once as well.
    const csv = (await tp.get(`/api/takedown/export?clientId=${acme}&kind=ec&channel=ebay-vero&format=csv&ids=${twice},${other},${twice}`, { token: analyst.token })).bytes.toString();
    expect(csv.trim().split('\r\n')).toHaveLength(3);
  });
});

describe('the pre-send check', () => {
  it('names every problem once, on its field, in the user\'s language; a clean record has none', async () => {
    const clean = await record();
    const noMark = await record({ ec_response_trademark: null });
    const wrongRegion = await record({ ec_response_trademark: cnMark });
    const expired = await record({ ec_response_trademark: expiredMark });
    const noEvidence = await record({}, false);
    const screenshotOnly = await record({ ec_upload_image_names: 'ev-1.png' }, false);
    const whitelisted = await record({ ec_product_seller: 'Sakura Official Store' });
    const gone = await record({ ec_process1_date: '2026-01-05', ec_process1_result: 2 });
    const ids = [clean, noMark, wrongRegion, expired, noEvidence, screenshotOnly, whitelisted, gone];
    const [n] = notices(await compose('ebay-vero', ids));
    const by = (id: number) => n!.problems.filter((p) => p.recordId === id).map((p) => ({ field: p.field, message: p.message }));
    expect(by(clean)).toEqual([]);
    expect(by(screenshotOnly)).toEqual([]);
    expect(by(noMark)).toEqual([{ field: 'trademark', message: translate('en', 'takedown.problem.noTrademark') }]);
    expect(by(wrongRegion)).toEqual([{ field: 'trademark', message: translate('en', 'takedown.problem.trademarkRegion', { no: '40123456', region: trademarkRegionName('CN', 'en'), listingRegion: 'Japan' }) }]);
    expect(by(expired)).toEqual([{ field: 'trademark', message: translate('en', 'takedown.problem.trademarkExpired', { no: 'OLD-1', date: '2001-01-01' }) }]);
    expect(by(noEvidence)).toEqual([{ field: 'evidence', message: translate('en', 'takedown.problem.noEvidence') }]);
    expect(by(whitelisted)).toEqual([{ field: 'seller', message: translate('en', 'takedown.problem.whitelisted', { reason: 'seller: Sakura Official Store' }) }]);
    expect(by(gone)).toEqual([{ field: 'result', message: translate('en', 'takedown.problem.takenDown') }]);
    const [ja] = notices(await compose('ebay-vero', [noEvidence], analyst, 'ja'));
    expect(ja!.problems).toEqual([{ recordId: noEvidence, field: 'evidence', message: translate('ja', 'takedown.problem.noEvidence') }]);
  });
});

describe('marking sent', () => {
  it('stores the notice and fills the round\'s report date of every record, with a history row each', async () => {
    const a = await record();
    const b = await record({ ec_process1_date: '2026-01-05', ec_process1_result: 3 });
    const res = await tp.post('/api/takedown/mark-sent', { clientId: acme, kind: 'ec', recordIds: [a, b], channel: 'ebay-vero' }, { token: analyst.token });
    expect(res.body).toMatchObject({ code: 0, data: { updateCount: 2, reportDate: today } });
    expect(await recordRow(tp, a)).toMatchObject({ ec_process1_date: today, ec_process1_result: 1, is_error: false });
    expect(await recordRow(tp, b)).toMatchObject({ ec_process1_date: '2026-01-05', ec_process1_result: 3, ec_process2_date: today, ec_process2_result: 1 });
    const history = await tp.post('/api/ec-data/get-record-history', { clientId: acme, recordId: a }, { token: analyst.token });
    expect((history.body.data as { history: { source: string; fields: unknown }[] }).history[0]).toMatchObject({ source: 'takedown', fields: { ec_process1_date: today, ec_process1_result: 1 } });
    const sent = await tp.post('/api/takedown/fetch-notices', { clientId: acme, kind: 'ec', recordId: b }, { token: acmeUser.token });
    const list = (sent.body.data as { notices: SentNotice[] }).notices;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ channel: 'ebay-vero', recordIds: [a, b], sentByName: 'Ana Lyst', kind: 'ec' });
    expect(list[0]!.body).toContain('Notice of Claimed Infringement');
  });

  it('refuses the whole selection while any record has a problem, or its round is taken, and changes nothing', async () => {
    const good = await record();
    const bad = await record({ ec_response_trademark: null });
    const before = await recordRow(tp, good);
    const count = async () => Number((await tp.portal.services.db.selectFrom('takedown_notice').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const noticesBefore = await count();
    const res = await tp.post('/api/takedown/mark-sent', { clientId: acme, kind: 'ec', recordIds: [good, bad], channel: 'dsa' }, { token: analyst.token });
    expect(res.body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.takedownProblems', { count: 1 }) });
    expect((res.body.data as { problems: { recordId: number; field: string }[] }).problems).toEqual([expect.objectContaining({ recordId: bad, field: 'trademark' })]);
    const round = await tp.post('/api/takedown/mark-sent', { clientId: acme, kind: 'ec', recordIds: [good], channel: 'dsa', round: 2 }, { token: analyst.token });
    expect(round.body).toMatchObject({ code: ErrorCode.RECORD_INVALID });
    expect((round.body.data as { problems: { field: string }[] }).problems).toEqual([expect.objectContaining({ recordId: good, field: 'round' })]);
    expect(await recordRow(tp, good)).toEqual(before);
    expect(await count()).toBe(noticesBefore);
  });
});

describe('website and social media records', () => {
  it('compose from their own columns and mark sent into their own rounds, with their history', async () => {
    const db = tp.portal.services.db;
    const wsReport = (await db.insertInto('ws_report').values({ client_id: acme, report_name: 'Sites', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const ws = (await db.insertInto('ws_record').values({ client_id: acme, report_id: wsReport, scan_date: '2026-11-01', page_url: 'https://fake-sakura.example/shop', page_domain: 'fake-sakura.example', domain_region: 'JP', domain_contact: 'Registrant: abuse@fake-sakura.example', trademark_id: jpMark, published: true, updated_at: tp.clock.now }).returning('ws_id').executeTakeFirstOrThrow()).ws_id;
    await db.insertInto('evidence_capture').values({ client_id: acme, kind: 'ws', ws_id: ws, url: 'x', state: 'done', sha256_png: PNG_HASH, sha256_html: HTML_HASH, requested_at: tp.clock.now, captured_at: tp.clock.now }).execute();
    const mail = await tp.post('/api/takedown/compose', { clientId: acme, kind: 'ws', recordIds: [ws], channel: 'mail' }, { token: analyst.token });
    expect(notices(mail)[0]).toMatchObject({ to: 'abuse@fake-sakura.example', problems: [] });
    expect(notices(mail)[0]!.body).toContain('https://fake-sakura.example/shop');
    const sent = await tp.post('/api/takedown/mark-sent', { clientId: acme, kind: 'ws', recordIds: [ws], channel: 'mail', round: 1 }, { token: analyst.token });
    expect(sent.body.code).toBe(0);
    expect(await db.selectFrom('ws_record').select(['process1_date', 'process1_result']).where('ws_id', '=', ws).executeTakeFirstOrThrow()).toEqual({ process1_date: today, process1_result: 1 });
    const history = await tp.post('/api/ws-data/get-record-history', { clientId: acme, recordId: ws }, { token: analyst.token });
    expect((history.body.data as { history: { source: string; fields: unknown }[] }).history[0]).toMatchObject({ source: 'takedown', fields: { process1Date: today } });

    const snsReport = (await db.insertInto('sns_report').values({ client_id: acme, report_name: 'Posts', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const sns = (await db.insertInto('sns_record').values({ client_id: acme, report_id: snsReport, platform: 1, scan_date: '2026-11-01', account_name: 'Sakura Official Store', account_url: 'https://instagram.example/sakura', post_url: 'https://instagram.example/p/1', post_text: 'SAKURA GLOW serum', region: 'JP', trademark_id: jpMark, published: true, updated_at: tp.clock.now }).returning('sns_id').executeTakeFirstOrThrow()).sns_id;
    const [dsaNotice] = notices(await tp.post('/api/takedown/compose', { clientId: acme, kind: 'sns', recordIds: [sns], channel: 'dsa' }, { token: analyst.token }));
    expect(dsaNotice!.to).toContain('Instagram');
    expect(dsaNotice!.problems.map((p) => p.field)).toEqual(['evidence', 'seller']);
  });
});

describe('exports', () => {
  it('a Word document and plain text of the notices, and the batch channel\'s CSV safe against formulas', async () => {
    const a = await record({ ec_product_url: 'https://www.ebay.example/itm/323456789012', ec_product_title: '=HYPERLINK("http://evil.example","x")' });
    const b = await record();
    const url = (format: string, channel = 'ebay-vero') => `/api/takedown/export?clientId=${acme}&kind=ec&channel=${channel}&format=${format}&ids=${a},${b}`;
    const docx = await tp.get(url('docx'), { token: analyst.token });
    expect(docx.status).toBe(200);
    expect(checkDocument(docx.bytes)).toMatchObject({ ok: true, type: 'docx' });
    const txt = await tp.get(url('txt'), { token: analyst.token });
    expect(txt.bytes.toString()).toContain('Item number: 323456789012');
    const csv = (await tp.get(url('csv'), { token: analyst.token })).bytes.toString();
    const lines = csv.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Item number,URL,Reason code');
    expect(lines[1]).toContain(`1,${a},323456789012,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines).toHaveLength(3);
    // A per-listing channel has no listing table; a client user exports nothing.
    expect((await tp.get(url('csv', 'dsa'), { token: analyst.token })).status).toBe(400);
    expect((await tp.get(url('txt'), { token: acmeUser.token })).status).toBe(403);
  });
});

describe('tenancy', () => {
  it('another company\'s records, an analyst who does not manage the client and client users: 403, nothing composed', async () => {
    const own = await record();
    const mixed = await compose('dsa', [own, otherRecord]);
    expect(mixed).toMatchObject({ status: 403, body: { code: ErrorCode.FORBIDDEN, data: null } });
    expect((await compose('dsa', [own], outsider)).status).toBe(403);
    expect((await compose('dsa', [own], acmeUser)).status).toBe(403);
    const mark = await tp.post('/api/takedown/mark-sent', { clientId: acme, kind: 'ec', recordIds: [own, otherRecord], channel: 'dsa' }, { token: analyst.token });
    expect(mark.status).toBe(403);
    expect(await recordRow(tp, own)).toMatchObject({ ec_process1_date: null });
    const asClient = await tp.post('/api/takedown/mark-sent', { clientId: acme, kind: 'ec', recordIds: [own], channel: 'dsa' }, { token: acmeUser.token });
    expect(asClient.status).toBe(403);
  });

  it('client users read the notices of their own company only', async () => {
    const mine = await tp.post('/api/takedown/fetch-notices', { clientId: acme, kind: 'ec' }, { token: acmeUser.token });
    expect(mine.body.code).toBe(0);
    expect((mine.body.data as { notices: SentNotice[] }).notices.length).toBeGreaterThan(0);
    const theirs = await tp.post('/api/takedown/fetch-notices', { clientId: acme, kind: 'ec' }, { token: otherUser.token });
    expect(theirs.status).toBe(403);
    const outsiders = await tp.post('/api/takedown/fetch-notices', { clientId: other, kind: 'ec' }, { token: outsider.token });
    expect((outsiders.body.data as { notices: SentNotice[] }).notices).toEqual([]);
  });
});
