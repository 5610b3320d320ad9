import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Role, type CallOutput, type EcRecord, type ImageMatch, type SellerCluster } from '@portal/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { madePhoto, pngBomb } from '../../testing/photos.js';
import { insertRecords, insertReport, insertSubcategory } from '../../kinds/ec/fixtures.js';
import { computeSignals } from '../../areas/triage-signals/queue.js';
import { evaluateClient } from '../../areas/triage/evaluate.js';
import { refreshGenuinePhotos } from './genuine-refresh.js';
import { lookAtPictures } from './look.js';
import { PICTURE_QUEUE, pictureQueue } from './queue.js';
import { queuedOnly } from '../../platform/queues.js';
import { HEADER_EN, listing, xlsxOf } from '../../kinds/ec/report-fixtures.js';

/**
 * Pictures through the real calls (issue 31, first slice): genuine photos kept per client with their tenancy, the
 * job looking at listing pictures served by a local fixture server (its origin allowed explicitly, as
 * CRAWLER_ALLOW_ORIGINS would) and finding the same photo and pictures shared by sellers, hostile pictures refused
 * without harm, the reasons in both languages, and the search by picture. Photos are made ones (testing/photos.ts).
 */

type Answer = EcRecord & { distance?: number };

let server: http.Server;
let origin: string;
let port: number;
const hits = new Map<string, number>();
const hostsSeen = new Set<string>();
/** How many megabytes of the endless picture were written before the portal hung up. */
let hugeSent = 0;
let tp: TestPortal;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;
let photoA: Buffer;
let photoB: Buffer;
let photoC: Buffer;
/** Pictures a test serves besides those made before all (made where used, to keep the start short). */
const laterFiles: Record<string, { type: string; body: Buffer }> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  photoA = await madePhoto(1);
  photoB = await madePhoto(2);
  photoC = await madePhoto(3);
  const files: Record<string, { type: string; body: Buffer }> = {
    '/a.jpg': { type: 'image/jpeg', body: photoA },
    '/a-small.jpg': { type: 'image/jpeg', body: await sharp(photoA).resize(400).jpeg({ quality: 55 }).toBuffer() },
    '/a-square.png': { type: 'image/png', body: await sharp(photoA).extend({ top: 80, bottom: 80, background: '#ffffff' }).png().toBuffer() },
    '/b.jpg': { type: 'image/jpeg', body: photoB },
    // Photo C less its right and bottom tenth: 16 bits from the whole photo's pHash, 2 from its top left window.
    '/c-crop.jpg': { type: 'image/jpeg', body: await sharp(photoC).extract({ left: 0, top: 0, width: 576, height: 432 }).jpeg({ quality: 85 }).toBuffer() },
    // A page posing as a picture, and a decompression bomb (a header claiming 30,000 × 30,000 pixels).
    '/page.jpg': { type: 'image/jpeg', body: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>') },
    '/bomb.png': { type: 'image/png', body: pngBomb() },
  };
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    hostsSeen.add(req.headers.host ?? '');
    if (path === '/huge.jpg') {
      // A picture without end (over 100 MB if read whole): cut at the fetch's limit while it streams.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      let sent = 0;
      const pump = () => {
        while (sent < 120 && res.write(chunk)) sent += 1;
        if (sent >= 120) res.end();
      };
      res.on('drain', pump);
      res.on('close', () => (hugeSent = sent));
      return pump();
    }
    const file = files[path] ?? laterFiles[path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  tp = await startTestPortal({ crawlerAllowOrigins: [origin] });
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });

  const report = await insertReport(tp, acme, 'Pictures');
  const rows = {
    same: { ec_product_image_url: `${origin}/a.jpg`, ec_product_seller: 'Seller One' },
    smaller: { ec_product_image_url: ` ${origin}/a-small.jpg `, ec_product_seller: 'Seller Two' },
    // The same seller as `same`: not "another seller's" picture for it.
    squared: { ec_product_image_url: `${origin}/a-square.png`, ec_product_seller: 'seller one' },
    unposted: { ec_product_image_url: `${origin}/a.jpg`, ec_product_seller: 'Seller Three', published: false },
    unrelated: { ec_product_image_url: `${origin}/b.jpg`, ec_product_seller: 'Seller Four' },
    page: { ec_product_image_url: `${origin}/page.jpg` },
    bomb: { ec_product_image_url: `${origin}/bomb.png` },
    huge: { ec_product_image_url: `${origin}/huge.jpg` },
    // The fixture server again, under a name that is not the allowed origin: a local address, refused.
    private: { ec_product_image_url: `http://localhost:${port}/a.jpg` },
    none: { ec_product_image_url: '' },
  };
  const made = await insertRecords(tp, acme, report, Object.values(rows));
  Object.keys(rows).forEach((name, i) => (ids[name] = made[i]!));
});

afterAll(async () => {
  await tp?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const uploadPhotos = (user: TestUser, clientId: number, files: { name: string; bytes: Buffer }[], brand?: string) =>
  tp.upload('/api/client-settings/upload-genuine-photos', { clientId, ...(brand ? { brand } : {}) }, files, { token: user.token });

async function listed(user: TestUser, locale: 'en' | 'ja' = 'en'): Promise<Map<number, Answer>> {
  const res = await tp.post('/api/ec-data/search-records', { clientId: acme, limit: 50 }, { token: user.token, locale });
  expect(res.body.code).toBe(0);
  return new Map((res.body.data!.records as Answer[]).map((r) => [r.ec_id, r]));
}
const matchesOf = (r: Answer | undefined, kind: ImageMatch['kind']) => (r?.imageMatches ?? []).filter((m) => m.kind === kind);

let genuine: number;

describe('genuine photos', () => {
  it('are uploaded many at once by the client\'s analysts, and listed to the client\'s own people only', async () => {
    const up = await uploadPhotos(analyst, acme, [{ name: 'serum-front.jpg', bytes: photoA }, { name: 'serum-box.png', bytes: await sharp(await madePhoto(5)).png().toBuffer() }], 'Sakura Serum');
    expect(up.body.code).toBe(0);
    const photos = up.body.data!.photos as { id: number }[];
    expect(photos).toHaveLength(2);
    genuine = photos[0]!.id;

    for (const user of [analyst, acmeUser]) {
      const res = await tp.post('/api/client-settings/fetch-genuine-photos', { clientId: acme }, { token: user.token });
      expect(res.body.data!.photos).toEqual([
        expect.objectContaining({ id: photos[1]!.id, brand: 'Sakura Serum', fileName: 'serum-box.png', matchCount: 0 }),
        expect.objectContaining({ id: genuine, fileName: 'serum-front.jpg' }),
      ]);
    }
    const picture = await tp.get(`/api/client-settings/genuine-photo?clientId=${acme}&photoId=${genuine}`, { token: acmeUser.token });
    expect([picture.status, picture.headers['content-type'], picture.bytes.equals(photoA)]).toEqual([200, 'image/jpeg', true]);
  });

  it('refuse other people, and pictures that are not photos', async () => {
    expect((await uploadPhotos(outsider, acme, [{ name: 'x.jpg', bytes: photoA }])).status).toBe(403);
    expect((await uploadPhotos(acmeUser, acme, [{ name: 'x.jpg', bytes: photoA }])).status).toBe(403);
    expect((await tp.post('/api/client-settings/fetch-genuine-photos', { clientId: acme }, { token: otherUser.token })).status).toBe(403);
    // Asked as the other company's own photo: no such photo there.
    const guessed = await tp.get(`/api/client-settings/genuine-photo?clientId=${other}&photoId=${genuine}`, { token: otherUser.token });
    expect(JSON.parse(guessed.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
    expect((await tp.get(`/api/client-settings/genuine-photo?clientId=${acme}&photoId=${genuine}`, { token: otherUser.token })).status).toBe(403);
    expect((await tp.post('/api/client-settings/remove-genuine-photo', { photoId: genuine }, { token: outsider.token })).status).toBe(403);
    expect((await tp.post('/api/client-settings/remove-genuine-photo', { photoId: genuine }, { token: acmeUser.token })).status).toBe(403);
    expect((await tp.post('/api/client-settings/remove-genuine-photo', { photoId: 999_999 }, { token: analyst.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);

    const page = await uploadPhotos(analyst, acme, [{ name: 'page.jpg', bytes: Buffer.from('<html>not a photo</html>') }]);
    expect(page.body.code).toBe(ErrorCode.FILE_REJECTED);
    // A bomb refuses the whole upload: the good photo beside it is not kept either.
    const bomb = await uploadPhotos(analyst, acme, [{ name: 'ok.jpg', bytes: photoB }, { name: 'bomb.png', bytes: pngBomb() }], 'x');
    expect([bomb.body.code, bomb.body.message]).toEqual([ErrorCode.FILE_REJECTED, expect.stringContaining('bomb.png')]);
    const res = await tp.post('/api/client-settings/fetch-genuine-photos', { clientId: acme }, { token: analyst.token });
    expect(res.body.data!.photos).toHaveLength(2);
  });
});

describe('listing pictures', () => {
  let counts: { done: number; failed: number };

  beforeAll(async () => {
    counts = await lookAtPictures(tp.portal.services, acme, 'ec');
  });

  it('are looked at once each; hostile ones are marked failed with why, and the others are not held up', async () => {
    expect(counts).toEqual({ done: 5, failed: 4 });
    const rows = await listed(analyst);
    expect(rows.get(ids.none!)!.imageStatus).toBeUndefined();
    for (const name of ['same', 'smaller', 'squared', 'unposted', 'unrelated']) expect([name, rows.get(ids[name]!)!.imageStatus]).toEqual([name, 'done']);
    expect(rows.get(ids.page!)).toMatchObject({ imageStatus: 'failed', imageFailure: expect.stringContaining('not a picture'), imageMatches: [] });
    expect(rows.get(ids.bomb!)).toMatchObject({ imageStatus: 'failed', imageFailure: expect.stringContaining('megapixels') });
    expect(rows.get(ids.private!)).toMatchObject({ imageStatus: 'failed', imageFailure: expect.stringContaining('private') });
    expect(rows.get(ids.huge!)).toMatchObject({ imageStatus: 'failed', imageFailure: 'The picture is larger than 10 MB.' });
    expect(hugeSent).toBeLessThan(100);
    // The refused address was never asked.
    expect([...hostsSeen].filter((h) => h.startsWith('localhost'))).toEqual([]);
    // A second run finds nothing new to fetch.
    const before = hits.get('/a.jpg');
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 0, failed: 0 });
    expect(hits.get('/a.jpg')).toBe(before);
  });

  it('are the same photo as a genuine one, and the same picture as other sellers\', with reasons in both languages', async () => {
    const rows = await listed(analyst);
    const same = rows.get(ids.same!);
    expect(matchesOf(same, 'same-photo')).toEqual([{ kind: 'same-photo', refId: genuine, score: 100, reason: expect.stringContaining('Same photo as the genuine photo “Sakura Serum” (serum-front.jpg)') }]);
    expect(matchesOf(same, 'shared-photo').map((m) => m.refId).sort()).toEqual([ids.smaller, ids.unposted].sort());
    expect(matchesOf(same, 'shared-photo')[0]!.reason).toMatch(/^Same picture as record \d+ of another seller \(Seller (Two|Three)\)/);
    // Padded to a square by another listing, still the same photo; the same seller's copy is no shared picture.
    const squared = rows.get(ids.squared!);
    expect(matchesOf(squared, 'same-photo').map((m) => m.refId)).toEqual([genuine]);
    expect(matchesOf(squared, 'shared-photo').map((m) => m.refId)).not.toContain(ids.same);
    for (const m of squared!.imageMatches!) expect(m.score).toBeGreaterThanOrEqual(60);
    expect(rows.get(ids.unrelated!)!.imageMatches).toEqual([]);

    const ja = await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: ids.same }, { token: analyst.token, locale: 'ja' });
    const record = ja.body.data!.record as Answer;
    expect(matchesOf(record, 'same-photo')[0]!.reason).toContain('正規品写真 “Sakura Serum” (serum-front.jpg) と同じ写真です');
    expect(matchesOf(record, 'shared-photo')[0]!.reason).toMatch(/^別の出品者（Seller (Two|Three)）の記録 \d+ と同じ画像です/);
  });

  it('show a client user only their company\'s posted records', async () => {
    const rows = await listed(acmeUser);
    expect(rows.has(ids.unposted!)).toBe(false);
    expect(matchesOf(rows.get(ids.same!), 'shared-photo').map((m) => m.refId)).toEqual([ids.smaller]);
    const got = await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: ids.same }, { token: otherUser.token });
    expect(got.status).toBe(403);
  });

  it('filter the list by match kind, as each row\'s matches say, a client user\'s among their posted records only', async () => {
    const filtered = async (user: TestUser, imageMatch: unknown) => {
      const res = await tp.post('/api/ec-data/search-records', { clientId: acme, limit: 50, imageMatch }, { token: user.token });
      expect(res.body.code, res.body.message).toBe(0);
      return new Set((res.body.data!.records as Answer[]).map((r) => r.ec_id));
    };
    const having = (rows: Map<number, Answer>, kinds: ImageMatch['kind'][]) => new Set([...rows.values()].filter((r) => kinds.some((k) => matchesOf(r, k).length > 0)).map((r) => r.ec_id));
    for (const user of [analyst, acmeUser]) {
      const rows = await listed(user);
      for (const kinds of [['same-photo'], ['shared-photo'], ['same-photo', 'shared-photo'], ['logo']] as ImageMatch['kind'][][]) {
        expect([kinds, await filtered(user, kinds)]).toEqual([kinds, having(rows, kinds)]);
      }
      // No kind chosen: no condition.
      expect((await filtered(user, [])).size).toBe(rows.size);
    }
    expect(await filtered(analyst, ['same-photo'])).toEqual(new Set([ids.same, ids.smaller, ids.squared, ids.unposted]));
    // The unrelated photo's record matches nothing; the client user never gets the unposted record.
    expect(await filtered(acmeUser, ['same-photo', 'shared-photo'])).toEqual(new Set([ids.same, ids.smaller, ids.squared]));
    expect((await tp.post('/api/ec-data/search-records', { clientId: acme, imageMatch: ['nonsense'] }, { token: analyst.token })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await tp.post('/api/ec-data/search-records', { clientId: acme, imageMatch: ['same-photo'] }, { token: otherUser.token })).status).toBe(403);
  });

  it('follow the genuine photos: a new one matches pictures already looked at, a removed one takes its matches', async () => {
    const up = await uploadPhotos(analyst, acme, [{ name: 'b.jpg', bytes: await sharp(photoB).resize(500).jpeg({ quality: 70 }).toBuffer() }]);
    const added = (up.body.data!.photos as { id: number }[])[0]!.id;
    expect(matchesOf((await listed(analyst)).get(ids.unrelated!), 'same-photo').map((m) => m.refId)).toEqual([added]);

    expect((await tp.post('/api/client-settings/remove-genuine-photo', { photoId: genuine }, { token: analyst.token })).body.code).toBe(0);
    const rows = await listed(analyst);
    expect(matchesOf(rows.get(ids.same!), 'same-photo')).toEqual([]);
    expect(matchesOf(rows.get(ids.same!), 'shared-photo')).toHaveLength(2);
  });
});

describe('picture matches beyond the record', () => {
  it('link the sellers of one picture into a seller network, with the reason "same photo"', async () => {
    await computeSignals(tp.portal.services.db, acme, tp.clock.now);
    const res = await tp.post('/api/triage/seller-clusters', { clientId: acme }, { token: analyst.token });
    expect(res.body.code, res.body.message).toBe(0);
    const clusters = (res.body.data as { clusters: SellerCluster[] }).clusters;
    const network = clusters.find((c) => c.sellers.some((s) => s.seller === 'Seller Two'))!;
    const name = (i: number) => network.sellers[i]!.seller;
    const photoLinks = network.links.filter((l) => l.reason === 'same-photo').map((l) => [name(l.from), name(l.to)].sort().join(' + '));
    // Seller One's listing and Seller Two's smaller copy of it: one photo.
    expect(photoLinks).toContain('Seller One + Seller Two');
    // A seller whose picture no other seller shows is in no network.
    expect(clusters.flatMap((c) => c.sellers.map((s) => s.seller))).not.toContain('Seller Four');
  });

  it('are conditions of triage rules: the backtest counts them and the evaluation suggests with them, the match kinds in the trace', async () => {
    const sub = await insertSubcategory(tp, 'PIC', 3);
    const otherSub = await insertSubcategory(tp, 'PIX', 3);
    const db = tp.portal.services.db;
    const categorized = { [ids.same!]: sub, [ids.smaller!]: sub, [ids.unrelated!]: sub, [ids.page!]: otherSub, [ids.squared!]: otherSub };
    for (const [id, category] of Object.entries(categorized)) await db.updateTable('ec_record').set({ ec_category_id: category }).where('ec_id', '=', Number(id)).execute();
    const rows = await listed(analyst);
    const having = (kinds: ImageMatch['kind'][]) => Object.keys(categorized).map(Number).filter((id) => kinds.some((k) => matchesOf(rows.get(id), k).length > 0));
    const rule = (matches: ImageMatch['kind'][]) => ({ kind: 'ec', name: 'Pictured', conditions: [{ type: 'picture', matches }], subcategoryId: sub });
    for (const kinds of [['shared-photo'], ['same-photo'], ['same-photo', 'shared-photo'], ['logo']] as ImageMatch['kind'][][]) {
      const res = await tp.post('/api/triage/backtest', { clientId: acme, rule: rule(kinds) }, { token: analyst.token });
      expect(res.body.code, res.body.message).toBe(0);
      const answer = res.body.data as CallOutput<'/api/triage/backtest'>;
      const expected = having(kinds);
      expect([kinds, answer.matched, answer.agreed]).toEqual([kinds, expected.length, expected.filter((id) => categorized[id] === sub).length]);
      for (const d of answer.disagreements) expect(d.trace).toEqual([{ type: 'picture', values: expect.arrayContaining([expect.stringMatching(/photo$/)]) }]);
    }
    // The shared pictures of `same` and `smaller` make the difference: there is something to count.
    expect(having(['shared-photo'])).toEqual(expect.arrayContaining([ids.same, ids.smaller]));

    const created = await tp.post('/api/triage/create-rule', { clientId: acme, rule: rule(['shared-photo']) }, { token: analyst.token });
    expect(created.body.code, created.body.message).toBe(0);
    await evaluateClient(db, { clientId: acme }, tp.clock.now);
    const found = await tp.post('/api/triage/fetch-suggestions', { clientId: acme, kind: 'ec', recordIds: [ids.same, ids.unrelated] }, { token: analyst.token });
    const suggestions = (found.body.data as CallOutput<'/api/triage/fetch-suggestions'>).suggestions;
    expect(suggestions.map((x) => [x.recordId, x.subcategoryId, x.trace])).toEqual([[ids.same, sub, [{ type: 'picture', values: ['shared-photo'] }]]]);

    // Website records have no listing picture: no such condition for them; nor an unknown kind of match.
    const ws = await tp.post('/api/triage/create-rule', { clientId: acme, rule: { ...rule(['same-photo']), kind: 'ws', subcategoryId: 3 } }, { token: analyst.token });
    expect(ws.body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await tp.post('/api/triage/backtest', { clientId: acme, rule: rule(['pixels' as ImageMatch['kind']]) }, { token: analyst.token })).body.code).toBe(ErrorCode.BAD_REQUEST);
    await db.deleteFrom('triage_rule').where('client_id', '=', acme).execute();
  });
});

describe('the matching threshold', () => {
  it('is the client\'s own: a change matches the pictures again without fetching them', async () => {
    const distance = (user: TestUser) => tp.post('/api/client-settings/get-picture-settings', { clientId: acme }, { token: user.token });
    expect((await distance(acmeUser)).body.data).toEqual({ samePhotoDistance: 10 });
    const all = async () => [...(await listed(analyst)).values()].flatMap((r) => (r.imageMatches ?? []).map((m) => ({ record: r.ec_id, kind: m.kind, refId: m.refId, score: m.score })));
    const before = await all();
    // Some matches are of copies a few bits apart (score under 100), the others exact.
    expect(before.some((m) => m.score < 100) && before.some((m) => m.score === 100)).toBe(true);
    const fetched = [...hits.values()].reduce((a, b) => a + b, 0);

    const set = (samePhotoDistance: number, user = analyst) => tp.post('/api/client-settings/set-picture-settings', { clientId: acme, samePhotoDistance }, { token: user.token });
    expect((await set(0)).body.data).toEqual({ samePhotoDistance: 0 });
    expect(await lookAtPictures(tp.portal.services, acme, 'ec')).toEqual({ done: 5, failed: 0 });
    expect(await all()).toEqual(before.filter((m) => m.score === 100));
    expect((await set(10)).body.code).toBe(0);
    await lookAtPictures(tp.portal.services, acme, 'ec');
    expect(await all()).toEqual(before);
    // Matched again from the kept fingerprints: nothing fetched.
    expect([...hits.values()].reduce((a, b) => a + b, 0)).toBe(fetched);

    expect((await set(12)).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect((await set(5, acmeUser)).status).toBe(403);
  });
});

describe('social media pictures', () => {
  it('are looked at and matched as marketplace ones, the account being the seller', async () => {
    // The genuine photo left of photo B (the earlier one of photo A was removed).
    const db = tp.portal.services.db;
    const { report_id } = await db.insertInto('sns_report').values({ client_id: acme, report_name: 'Posts', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const post = (n: number, account: string, image: string) => ({ client_id: acme, report_id, updated_at: new Date(), scan_date: '2024-05-01', platform: 2, account_id: account, account_url: `https://x.example/${account}`, post_url: `https://x.example/${account}/${n}`, image_url: image, published: true });
    const made = await db.insertInto('sns_record').values([post(1, 'fake_one', `${origin}/b.jpg`), post(2, 'fake_two', `${origin}/b.jpg`)]).returning('sns_id').execute();
    expect(await lookAtPictures(tp.portal.services, acme, 'sns')).toEqual({ done: 2, failed: 0 });
    const got = await tp.post('/api/sns-data/get-record', { clientId: acme, recordId: made[0]!.sns_id }, { token: acmeUser.token });
    const record = got.body.data!.record as { imageStatus: string; imageMatches: ImageMatch[] };
    expect(record.imageStatus).toBe('done');
    expect(record.imageMatches.map((m) => m.kind).sort()).toEqual(['same-photo', 'shared-photo']);
    expect(record.imageMatches.find((m) => m.kind === 'shared-photo')).toMatchObject({ refId: made[1]!.sns_id, reason: expect.stringContaining('(fake_two)') });
  });
});

describe('search by picture', () => {
  const search = (user: TestUser, clientId: number, bytes: Buffer) => tp.upload('/api/ec-data/search-by-picture', { clientId }, { name: 'query.jpg', bytes }, { token: user.token });

  it('answers the client\'s records with the nearest pictures first, each with its distance', async () => {
    const query = await sharp(photoA).resize(300).jpeg({ quality: 40 }).toBuffer();
    const res = await search(analyst, acme, query);
    const records = res.body.data!.records as Answer[];
    expect(new Set(records.map((r) => r.ec_id))).toEqual(new Set([ids.same, ids.smaller, ids.squared, ids.unposted]));
    const distances = records.map((r) => r.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[distances.length - 1]).toBeLessThanOrEqual(11);
    // Each with its picture fields, as the list has them.
    expect(records.every((r) => r.imageStatus === 'done')).toBe(true);

    const client = await search(acmeUser, acme, query);
    expect((client.body.data!.records as Answer[]).map((r) => r.ec_id)).not.toContain(ids.unposted);
    expect((await search(otherUser, acme, query)).status).toBe(403);
    expect((await search(analyst, acme, Buffer.from('<html></html>'))).body.code).toBe(ErrorCode.FILE_REJECTED);
  });
});

describe('a genuine photo cropped by a listing', () => {
  it('is still the same photo by one of its windows, whether the photo or the listing comes first', async () => {
    const photoAnalyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, photoAnalyst, other);
    const [cropped] = await insertRecords(tp, other, await insertReport(tp, other, 'Crops'), [{ ec_product_image_url: `${origin}/c-crop.jpg`, ec_product_seller: 'Seller Crop' }]);
    const matched = async () => {
      const res = await tp.post('/api/ec-data/get-record', { clientId: other, recordId: cropped }, { token: photoAnalyst.token });
      return matchesOf(res.body.data!.record as Answer, 'same-photo').map((m) => m.refId);
    };
    // The listing first: the photo uploaded after finds it (matchGenuinePhoto, by a window).
    expect(await lookAtPictures(tp.portal.services, other, 'ec')).toEqual({ done: 1, failed: 0 });
    expect(await matched()).toEqual([]);
    const up = await uploadPhotos(photoAnalyst, other, [{ name: 'c.jpg', bytes: photoC }]);
    expect(up.body.code, up.body.message).toBe(0);
    const photo = (up.body.data!.photos as { id: number }[])[0]!.id;
    expect(await matched()).toEqual([photo]);
    // The photo first: the listing matched again from its fingerprints finds it (matchPicture, by a window too).
    expect((await tp.post('/api/client-settings/set-picture-settings', { clientId: other, samePhotoDistance: 9 }, { token: photoAnalyst.token })).body.code).toBe(0);
    expect(await matched()).toEqual([]);
    expect(await lookAtPictures(tp.portal.services, other, 'ec')).toEqual({ done: 1, failed: 0 });
    expect(await matched()).toEqual([photo]);
  });
});

describe('a genuine photo mirrored or captioned by a listing', () => {
  it('is still the same photo by its mirror window or its upper part, whether the photo or the listing comes first', async () => {
    const photoD = await madePhoto(4);
    // A dark band with a caption across the lower fifth of photo D: its whole picture 32 bits from the photo's, its
    // upper part 2 bits from the photo's upper part.
    const band = `<rect x="0" y="394" width="640" height="48" fill="#000"/><text x="50%" y="90%" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="40" fill="#fff">SALE 70% OFF</text>`;
    laterFiles['/d-mirror.jpg'] = { type: 'image/jpeg', body: await sharp(photoD).flop().jpeg({ quality: 85 }).toBuffer() };
    laterFiles['/d-caption.jpg'] = { type: 'image/jpeg', body: await sharp(photoD).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">${band}</svg>`) }]).jpeg().toBuffer() };
    const photoAnalyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, photoAnalyst, other);
    const records = await insertRecords(tp, other, await insertReport(tp, other, 'Mirrors'), [
      { ec_product_image_url: `${origin}/d-mirror.jpg`, ec_product_seller: 'Seller Mirror' },
      { ec_product_image_url: `${origin}/d-caption.jpg`, ec_product_seller: 'Seller Caption' },
    ]);
    const matched = async () => {
      const found = [];
      for (const recordId of records) {
        const res = await tp.post('/api/ec-data/get-record', { clientId: other, recordId }, { token: photoAnalyst.token });
        found.push(matchesOf(res.body.data!.record as Answer, 'same-photo').map((m) => m.refId));
      }
      return found;
    };
    // The listings first: the photo uploaded after finds them (matchGenuinePhoto: the mirror window through the
    // pHash bands, the upper part through the upper part's bands).
    expect(await lookAtPictures(tp.portal.services, other, 'ec')).toEqual({ done: 2, failed: 0 });
    expect(await matched()).toEqual([[], []]);
    const up = await uploadPhotos(photoAnalyst, other, [{ name: 'd.jpg', bytes: photoD }]);
    expect(up.body.code, up.body.message).toBe(0);
    const photo = (up.body.data!.photos as { id: number }[])[0]!.id;
    expect(await matched()).toEqual([[photo], [photo]]);
    // The photo first: the listings matched again from their kept fingerprints find it (matchPicture).
    expect((await tp.post('/api/client-settings/set-picture-settings', { clientId: other, samePhotoDistance: 10 }, { token: photoAnalyst.token })).body.code).toBe(0);
    expect(await matched()).toEqual([[], []]);
    expect(await lookAtPictures(tp.portal.services, other, 'ec')).toEqual({ done: 3, failed: 0 });
    expect(await matched()).toEqual([[photo], [photo]]);

    // A photo stored before migration 049 (no upper part, no mirror window, matched by the rule of then): the
    // client's next pictures job computes both from its stored bytes and matches it again.
    const db = tp.portal.services.db;
    const old = await db.selectFrom('genuine_photo').select(['window_phash', 'window_dhash']).where('photo_id', '=', photo).executeTakeFirstOrThrow();
    await db.updateTable('genuine_photo').set({ upper_phash: null, upper_dhash: null, window_phash: old.window_phash.slice(0, 9), window_dhash: old.window_dhash.slice(0, 9) }).where('photo_id', '=', photo).execute();
    await db.deleteFrom('picture_match').where('photo_id', '=', photo).execute();
    expect(await refreshGenuinePhotos(db, other)).toBe(1);
    expect(await matched()).toEqual([[photo], [photo]]);
    const now = await db.selectFrom('genuine_photo').select(['window_phash', 'upper_phash']).where('photo_id', '=', photo).executeTakeFirstOrThrow();
    expect(now.window_phash).toHaveLength(10);
    expect(now.upper_phash).not.toBeNull();
    expect(await refreshGenuinePhotos(db, other)).toBe(0);
  });
});

describe('the pictures queue', () => {
  it('is queued by an upload of records, once per client and kind while a job waits', async () => {
    const { services } = tp.portal;
    await services.queues.start(tp.portal.database.pool, [queuedOnly(pictureQueue(services))]);
    try {
      const res = await tp.upload('/api/ec-report/upload-report', { clientId: acme }, { name: 'ec.xlsx', bytes: await xlsxOf(HEADER_EN, [listing(9001)]) }, { token: analyst.token });
      expect(res.body.code, res.body.message).toBe(0);
      // Another change of the same records while that job waits: nothing more to queue.
      await services.queues.send(PICTURE_QUEUE, { clientId: acme, kind: 'ec' });
      const { rows } = await sql<{ client: string; kind: string }>`SELECT data->>'clientId' AS client, data->>'kind' AS kind FROM pgboss.job WHERE name = ${PICTURE_QUEUE}`.execute(services.db);
      expect(rows).toEqual([{ client: String(acme), kind: 'ec' }]);
    } finally {
      await services.queues.stop();
    }
  });
});
