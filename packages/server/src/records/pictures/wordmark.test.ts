import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role, type EcRecord, type ImageMatch } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { madePhoto, photoWithWord } from '../../testing/photos.js';
import { insertRecords, insertReport } from '../../kinds/ec/fixtures.js';
import { lookAtPictures } from './look.js';
import { rematchClient } from './picture-queries.js';
import { findWordMarks, foldText, nearSubstring } from './wordmark.js';

/**
 * Word marks read in listing pictures (issue 31, "shows the word mark"): made photos with the client's word marks
 * written on them in five fonts of this machine (DejaVu and Liberation for English, Noto CJK for Japanese), served by
 * a local fixture server and read by the pictures job with tesseract (English and Japanese); a picture without the
 * words matches nothing; the reasons in both languages; a client user sees them on their company's posted records
 * only. Few pictures on purpose: each costs a reading (about 0.2-0.5 s); bench/wordmark.ts measures the rate.
 */

let server: http.Server;
let tp: TestPortal;
let acme: number;
let other: number;
let analyst: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;
const marks: Record<string, number> = {};
let brand: number;
const ids: Record<string, number> = {};
/** The pictures the fixture server serves, by path (a test takes one away to see a failed reading again). */
const files = new Map<string, Buffer>();

const PICTURES: Record<string, () => Promise<Buffer>> = {
  '/en-serif.jpg': () => photoWithWord(11, 'SAKURA GLOW', 'Liberation Serif'),
  '/en-sans.jpg': () => photoWithWord(12, 'Sakura Glow', 'DejaVu Sans', { weight: 700 }),
  '/brand-mono.jpg': () => photoWithWord(13, 'HANAMI', 'Liberation Mono', { size: 56 }),
  '/ja-sans.jpg': () => photoWithWord(14, 'さくら美肌', 'Noto Sans CJK JP', { size: 56 }),
  '/ja-serif.jpg': () => photoWithWord(15, 'さくら美肌', 'Noto Serif CJK JP', { size: 56 }),
  // Another company's word (Other's trademark) and a plain photo: nothing of Acme's to find.
  '/other-word.jpg': () => photoWithWord(16, 'FRESH DEAL', 'Liberation Sans'),
  '/plain.jpg': () => madePhoto(17),
};

beforeAll(async () => {
  for (const [path, make] of Object.entries(PICTURES)) files.set(path, await make());
  server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tp = await startTestPortal({ crawlerAllowOrigins: [origin] });
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  const db = tp.portal.services.db;
  const mark = async (clientId: number, no: string, text: string) =>
    (await db.insertInto('trademark').values({ client_id: clientId, no, region: 'JP', type: '3', text, created_at: tp.clock.now, updated_at: tp.clock.now }).returning('trademark_id').executeTakeFirstOrThrow()).trademark_id;
  marks.glow = await mark(acme, '第6123456号', 'SAKURA GLOW');
  marks.bihada = await mark(acme, '2026-045678', 'さくら美肌');
  marks.fresh = await mark(other, 'X-1', 'FRESH DEAL');
  // A brand name kept without a trademark, and one that is a trademark's word too (found as the trademark).
  brand = (await db.insertInto('brand').values({ client_id: acme, brand_name: 'Hanami' }).returning('brand_id').executeTakeFirstOrThrow()).brand_id;
  await db.insertInto('brand').values({ client_id: acme, brand_name: 'Sakura Glow' }).execute();

  const report = await insertReport(tp, acme, 'Word marks');
  const rows = {
    enSerif: { ec_product_image_url: `${origin}/en-serif.jpg` },
    enSans: { ec_product_image_url: `${origin}/en-sans.jpg`, published: false },
    brandMono: { ec_product_image_url: `${origin}/brand-mono.jpg` },
    jaSans: { ec_product_image_url: `${origin}/ja-sans.jpg` },
    jaSerif: { ec_product_image_url: `${origin}/ja-serif.jpg` },
    otherWord: { ec_product_image_url: `${origin}/other-word.jpg` },
    plain: { ec_product_image_url: `${origin}/plain.jpg` },
  };
  const made = await insertRecords(tp, acme, report, Object.values(rows));
  Object.keys(rows).forEach((name, i) => (ids[name] = made[i]!));
}, 60_000);

afterAll(async () => {
  await tp?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const wordmarks = (r: EcRecord | undefined): ImageMatch[] => (r?.imageMatches ?? []).filter((m) => m.kind === 'wordmark');

async function listed(user: TestUser, locale: 'en' | 'ja' = 'en', imageMatch?: ImageMatch['kind'][]): Promise<Map<number, EcRecord>> {
  const res = await tp.post('/api/ec-data/search-records', { clientId: acme, limit: 50, ...(imageMatch ? { imageMatch } : {}) }, { token: user.token, locale });
  expect(res.body.code, res.body.message).toBe(0);
  return new Map((res.body.data!.records as EcRecord[]).map((r) => [r.ec_id, r]));
}

describe('finding word marks in text', () => {
  it('ignores case, width, spaces and punctuation, and needs no word boundaries in Japanese', () => {
    const list = [
      { trademarkId: 1, brandId: null, text: 'SAKURA GLOW' },
      { trademarkId: 2, brandId: null, text: 'さくら美肌' },
      { trademarkId: null, brandId: 3, text: 'sakura-glow' },
      { trademarkId: 4, brandId: null, text: 'ab' },
    ];
    expect(findWordMarks('new ｓａｋｕｒａ　ｇｌｏｗ serum', list).map((f) => f.trademarkId)).toEqual([1]);
    expect(findWordMarks('Sakura\nGlow!', list).map((f) => [f.trademarkId, f.found])).toEqual([[1, 'sakuraglow']]);
    expect(findWordMarks('人気のさ く ら 美 肌クリーム', list).map((f) => f.trademarkId)).toEqual([2]);
    // Half-width kana become full-width (NFKC), so ｻｸﾗ is サクラ.
    expect(foldText('ｻｸﾗ ＧＬＯＷ')).toBe('サクラglow');
    // Too short to tell from noise; a word not shown.
    expect(findWordMarks('ab cd sakura', list)).toEqual([]);
    // A misread character in a word of five or more (two in one of ten or more), never in a shorter one.
    expect(findWordMarks('さく ら 英 肌', list).map((f) => [f.trademarkId, f.found])).toEqual([[2, 'さくら英肌']]);
    expect(findWordMarks('SAKURA GI0W', list).map((f) => [f.trademarkId, f.found])).toEqual([[1, 'sakuragi0w']]);
    expect(findWordMarks('SAKU GL', list)).toEqual([]);
    // A shorter mark inside a longer one found is not named again.
    const nested = [...list, { trademarkId: 6, brandId: null, text: 'Sakura' }];
    expect(findWordMarks('SAKURA GLOW', nested).map((f) => f.trademarkId)).toEqual([1]);
    expect(findWordMarks('SAKURA', nested).map((f) => f.trademarkId)).toEqual([6]);
    expect(findWordMarks('ac', [{ trademarkId: 5, brandId: null, text: 'abc' }])).toEqual([]);
  });
});

describe('the pictures job', () => {
  beforeAll(async () => {
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 7, failed: 0 });
  }, 120_000);

  it('finds the word marks in five fonts, English and Japanese, and nothing where they are not shown', async () => {
    const rows = await listed(analyst);
    const found = (name: string) => wordmarks(rows.get(ids[name]!)).map((m) => m.refId);
    expect(found('enSerif')).toEqual([marks.glow]);
    expect(found('enSans')).toEqual([marks.glow]);
    expect(found('brandMono')).toEqual([brand]);
    expect(found('jaSans')).toEqual([marks.bihada]);
    expect(found('jaSerif')).toEqual([marks.bihada]);
    // Other's trademark is not Acme's to look for; the plain photo shows no word.
    expect(found('otherWord')).toEqual([]);
    expect(found('plain')).toEqual([]);
    for (const r of rows.values()) expect(r.imageStatus).toBe('done');
    const stored = await tp.portal.services.db.selectFrom('picture_match').select(['trademark_id', 'found_text']).where('trademark_id', '=', marks.bihada!).execute();
    // The word as read: the mark itself, or within one misread character of it.
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(nearSubstring(row.found_text!, 'さくら美肌', 1) ?? (row.found_text === 'さくら美肌' ? 'exact' : null)).not.toBeNull();
  });

  it('says why in both languages', async () => {
    const en = wordmarks((await listed(analyst)).get(ids.enSerif!));
    expect(en).toEqual([{ kind: 'wordmark', refId: marks.glow, score: 100, reason: 'Shows the word mark “SAKURA GLOW” (trademark 第6123456号, JP), read in the picture as “sakuraglow”.' }]);
    const ja = await listed(analyst, 'ja');
    expect(wordmarks(ja.get(ids.jaSans!))[0]!.reason).toBe('文字商標「さくら美肌」（商標 2026-045678、JP）が写っています：画像から「さくら美肌」と読み取りました。');
    expect(wordmarks(ja.get(ids.brandMono!))[0]!.reason).toBe('ブランド名「Hanami」が写っています：画像から「hanami」と読み取りました。');
  });

  it('shows a client user the word marks of their company\'s posted records only, and filters the list by them', async () => {
    const mine = await listed(acmeUser, 'en', ['wordmark']);
    expect(new Set(mine.keys())).toEqual(new Set([ids.enSerif, ids.brandMono, ids.jaSans, ids.jaSerif]));
    expect(wordmarks(mine.get(ids.enSerif!)).map((m) => m.refId)).toEqual([marks.glow]);
    const analysts = await listed(analyst, 'en', ['wordmark']);
    expect(new Set(analysts.keys())).toEqual(new Set([ids.enSerif, ids.enSans, ids.brandMono, ids.jaSans, ids.jaSerif]));
    const hidden = await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: ids.enSans }, { token: acmeUser.token });
    expect(hidden.body.code).not.toBe(0);
    const foreign = await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: ids.enSerif }, { token: otherUser.token });
    expect(foreign.status).toBe(403);
  });

  it('keeps the word marks when the pictures are only matched again, and drops them with their trademark', async () => {
    await rematchClient(tp.portal.services.db, acme);
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 7, failed: 0 });
    expect(wordmarks((await listed(analyst)).get(ids.jaSerif!)).map((m) => m.refId)).toEqual([marks.bihada]);
    await tp.portal.services.db.deleteFrom('trademark').where('trademark_id', '=', marks.bihada!).execute();
    expect(wordmarks((await listed(analyst)).get(ids.jaSerif!))).toEqual([]);
  });

  it('reads the pictures again when a word mark or brand is added or renamed later, keeping what a failed reading had', async () => {
    const db = tp.portal.services.db;
    const version = async () => (await db.selectFrom('client_setting').select('picture_marks_version').where('client_id', '=', acme).executeTakeFirst())?.picture_marks_version ?? 0;
    // Nothing changed: a run reads nothing again.
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 0, failed: 0 });
    const before = await version();
    const added = await tp.post('/api/trademark/create-trademark', { clientId: acme, no: 'FD-1', region: 'JP', type: '35', text: 'FRESH DEAL' }, { token: analyst.token });
    expect(added.body.code, added.body.message).toBe(0);
    expect(await version()).toBe(before + 1);
    // A picture that cannot be had when read again keeps its word mark.
    const enSerif = files.get('/en-serif.jpg')!;
    files.delete('/en-serif.jpg');
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 6, failed: 0 });
    files.set('/en-serif.jpg', enSerif);
    const rows = await listed(analyst);
    expect(wordmarks(rows.get(ids.otherWord!)).map((m) => m.refId)).toEqual([(added.body.data as { trademark: { trademark_id: number } }).trademark.trademark_id]);
    expect(wordmarks(rows.get(ids.enSerif!)).map((m) => m.refId)).toEqual([marks.glow]);
    expect(rows.get(ids.enSerif!)!.imageStatus).toBe('done');
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 0, failed: 0 });
    // A brand renamed: every picture read again for its new name.
    const renamed = await tp.post('/api/analyst/update-brand', { clientId: acme, brandId: brand, brand: 'Fresh Deal Shop' }, { token: analyst.token });
    expect(renamed.body.code, renamed.body.message).toBe(0);
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 7, failed: 0 });
    // The brand's old name is no longer looked for; the HANAMI picture lost its match.
    expect(wordmarks((await listed(analyst)).get(ids.brandMono!))).toEqual([]);
  }, 120_000);
});
