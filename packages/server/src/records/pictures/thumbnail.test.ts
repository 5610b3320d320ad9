import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { GIF_1X1, JPEG_1X1 } from '../../testing/images.js';
import { insertRecords, insertReport } from '../../kinds/ec/fixtures.js';
import { decodeImageHeader } from '../../platform/images.js';
import { encodeRgba } from '../../platform/png-shrink.js';
import { THUMBNAIL_MAX_BYTES } from './thumbnail.js';

/**
 * A record's picture through the real HTTP stack, fetched from a local fixture image server started here (its
 * origin allowed explicitly, as CRAWLER_ALLOW_ORIGINS would): a PNG fetched and made small, what is not an image
 * refused, a private address refused without the allowance, the capture as the fallback, tenancy, and a body over
 * the limit cut off while it streams.
 */

/** A 400 × 300 picture, left half red and right half blue. */
function photo(width = 400, height = 300): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], y * (1 + width * 4) + 1 + x * 4);
  }
  return encodeRgba(rows, width, height);
}
const PHOTO = photo();

let server: http.Server;
let origin: string;
const hits = new Map<string, number>();
/** Whether the oversize answer was cut before the server finished writing it. */
let hugeCut = false;
let tp: TestPortal;
let acme: number;
let other: number;
let report: number;
let analyst: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PHOTO);
    if (path === '/photo.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG_1X1);
    if (path === '/untyped.gif') return void res.writeHead(200).end(GIF_1X1);
    if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>not a picture</body></html>');
    // Says it is a PNG, and is a page.
    if (path === '/disguised.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
    // A PNG typed as a page is refused by its declared type.
    if (path === '/typed-html.png') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PHOTO);
    if (path === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PHOTO.subarray(0, 33));
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 3 * THUMBNAIL_MAX_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) return;
        }
        res.end();
      };
      res.on('drain', pump);
      res.on('close', () => {
        if (sent < 3 * THUMBNAIL_MAX_BYTES) hugeCut = true;
      });
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tp = await startTestPortal();
  tp.portal.services.config.capture.allowPrivate = false;
  tp.portal.services.config.capture.allowOrigins = [origin];
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  report = await insertReport(tp, acme, 'May');
});
afterAll(async () => {
  await tp?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A record with this image URL (a path on the fixture server, or a whole address). */
const withImage = async (image: string, published = true) =>
  (await insertRecords(tp, acme, report, [{ ec_product_image_url: image.startsWith('/') ? `${origin}${image}` : image, published }]))[0]!;
const thumbnail = (user: TestUser, recordId: number, extra = '', clientId = acme, kind = 'ec') =>
  tp.get(`/api/records/thumbnail?clientId=${clientId}&kind=${kind}&recordId=${recordId}${extra}`, { token: user.token });

/** A refused picture: an image's 404 with the common answer, never a 5xx. */
function expectNoPicture(res: { status: number; bytes: Buffer }) {
  expect(res.status).toBe(404);
  expect(JSON.parse(res.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND, data: null });
}

describe('a record picture from its image URL', () => {
  it('fetches a PNG, makes it small, keeps it and lets the browser keep it', async () => {
    const id = await withImage('/photo.png?a');
    const res = await thumbnail(acmeUser, id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    const check = decodeImageHeader(res.bytes);
    expect(check.ok && check.image).toEqual({ type: 'png', width: 128, height: 96 });
    expect(res.bytes.length).toBeLessThan(PHOTO.length);
    const again = await thumbnail(analyst, id);
    expect(again.bytes.equals(res.bytes)).toBe(true);
    expect(hits.get('/photo.png')).toBe(1);
    const large = await thumbnail(analyst, id, '&size=large');
    const big = decodeImageHeader(large.bytes);
    expect(big.ok && big.image).toEqual({ type: 'png', width: 400, height: 300 });
  });

  it('serves a JPEG, and a GIF sent without a type, as they are (known by their bytes)', async () => {
    const jpeg = await thumbnail(analyst, await withImage('/photo.jpg'));
    expect([jpeg.status, jpeg.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(jpeg.bytes.equals(JPEG_1X1)).toBe(true);
    const gif = await thumbnail(analyst, await withImage('/untyped.gif'));
    expect([gif.status, gif.headers['content-type']]).toEqual([200, 'image/gif']);
  });

  it('refuses what is not an image: a page, a page named .png, a picture declared a page, a missing one', async () => {
    for (const path of ['/page.html', '/disguised.png', '/typed-html.png', '/missing.png', 'javascript:alert(1)', 'file:///etc/passwd']) {
      expectNoPicture(await thumbnail(analyst, await withImage(path)));
    }
  });

  it('refuses a private address unless it is allowed', async () => {
    tp.portal.services.config.capture.allowOrigins = [];
    const before = hits.get('/photo.png');
    try {
      expectNoPicture(await thumbnail(analyst, await withImage('/photo.png?private')));
      // The same server by another loopback name, and the cloud's metadata address.
      expectNoPicture(await thumbnail(analyst, await withImage(origin.replace('127.0.0.1', 'localhost') + '/photo.png')));
      expectNoPicture(await thumbnail(analyst, await withImage('http://169.254.169.254/latest/meta-data/')));
      expect(hits.get('/photo.png')).toBe(before);
    } finally {
      tp.portal.services.config.capture.allowOrigins = [origin];
    }
  });

  it('cuts a body over 5 MB while it streams', async () => {
    expectNoPicture(await thumbnail(analyst, await withImage('/huge.png')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hugeCut).toBe(true);
  });
});

describe('the fallbacks and who may see them', () => {
  /** A done capture of the record whose PNG is the given picture. */
  async function captureOf(recordId: number, png: Buffer): Promise<void> {
    const db = tp.portal.services.db;
    const name = `capture-test-${recordId}.png`;
    await db.insertInto('stored_file').values({ name, kind: 'capture', client_id: acme, content_type: 'image/png', original_name: 'c.png', size: png.length, bytes: png, attached: true, created_by: analyst.userId, created_at: tp.clock.now }).execute();
    await db
      .insertInto('evidence_capture')
      .values({ client_id: acme, kind: 'ec', ec_id: recordId, url: 'https://shop.example/x', state: 'done', png_file: name, http_status: 200, requested_by: analyst.userId, requested_at: tp.clock.now, captured_at: tp.clock.now })
      .execute();
  }

  it('takes the newest capture when the image URL fails or is empty, its top only; `from` asks for one source', async () => {
    const tall = photo(1280, 4000);
    const broken = await withImage('/page.html?capture');
    await captureOf(broken, tall);
    const res = await thumbnail(acmeUser, broken);
    expect(res.status).toBe(200);
    const check = decodeImageHeader(res.bytes);
    // The top 1280 × 1280 of the page in a 128 × 96 box.
    expect(check.ok && check.image).toEqual({ type: 'png', width: 96, height: 96 });
    expectNoPicture(await thumbnail(acmeUser, broken, '&from=image'));
    // The detail asks for the capture alone, larger: the top 1280 × 1920 in a 720 box.
    const large = decodeImageHeader((await thumbnail(acmeUser, broken, '&from=capture&size=large')).bytes);
    expect(large.ok && large.image).toEqual({ type: 'png', width: 480, height: 720 });
    expectNoPicture(await thumbnail(acmeUser, await withImage('/photo.png?no-capture'), '&from=capture'));
    expectNoPicture(await thumbnail(acmeUser, await withImage('')));
  });

  it('answers another company\'s record as one that does not exist, and another company\'s client user 403', async () => {
    const id = await withImage('/photo.png?tenancy');
    const before = hits.get('/photo.png');
    expect((await thumbnail(otherUser, id)).status).toBe(403);
    // Another client named with this record: not found for everyone, analysts included.
    expectNoPicture(await thumbnail(otherUser, id, '', other));
    expectNoPicture(await thumbnail(analyst, id, '', other));
    // Not yet published: the client's own users do not see it.
    expectNoPicture(await thumbnail(acmeUser, await withImage('/photo.png?unpublished', false)));
    // None of them reached the image server.
    expect(hits.get('/photo.png')).toBe(before);
  });

  it('answers bad queries with the usual 400 naming the parameter, a record of another kind with the 404, never a 5xx', async () => {
    const id = await withImage('/photo.png');
    // A repeated parameter arrives joined with a comma (`ec,xx`), which is no kind either.
    for (const [extra, param] of [['&kind=xx', 'kind'], ['&recordId=0', 'recordId'], ['&recordId=99999999999999999999', 'recordId'], ['&recordId=abc', 'recordId']] as const) {
      const res = await tp.get(`/api/records/thumbnail?clientId=${acme}&kind=ec&recordId=${id}${extra}`, { token: analyst.token });
      expect(res.status, extra).toBe(400);
      const body = JSON.parse(res.bytes.toString()) as { code: number; message: string };
      expect(body.code, extra).toBe(ErrorCode.BAD_REQUEST);
      expect(body.message, extra).toContain(param);
    }
    expectNoPicture(await thumbnail(analyst, id, '', acme, 'ws'));
  });
});

describe('the list says which rows have a picture (issue 35: no request that can only answer 404)', () => {
  it('names the records with an image URL, an uploaded screenshot or a done capture; the others are asked nothing', async () => {
    const db = tp.portal.services.db;
    const listed = await insertReport(tp, acme, 'Pictures of the list');
    const [image, spaced, none, script, shot, captured, failed] = await insertRecords(tp, acme, listed, [
      { ec_product_image_url: `${origin}/photo.png?list` },
      { ec_product_image_url: ` HTTPS://img.example/a.jpg` },
      { ec_product_image_url: '' },
      { ec_product_image_url: 'javascript:alert(1)' },
      { ec_product_image_url: '', ec_upload_image_names: ',shot-1.png' },
      { ec_product_image_url: '' },
      { ec_product_image_url: '' },
    ]);
    const capture = (ecId: number, state: 'done' | 'failed', png: string | null) =>
      db.insertInto('evidence_capture').values({ client_id: acme, kind: 'ec', ec_id: ecId, url: 'https://shop.example/x', state, png_file: png, requested_by: analyst.userId, requested_at: tp.clock.now, captured_at: tp.clock.now }).execute();
    await db.insertInto('stored_file').values({ name: 'capture-list.png', kind: 'capture', client_id: acme, content_type: 'image/png', original_name: 'c.png', size: PHOTO.length, bytes: PHOTO, attached: true, created_by: analyst.userId, created_at: tp.clock.now }).execute();
    await capture(captured!, 'done', 'capture-list.png');
    await capture(failed!, 'failed', null);
    for (const user of [analyst, acmeUser]) {
      const res = await tp.post('/api/ec-data/search-records', { clientId: acme, whereFields: [{ key: 'report_id', values: [listed] }] }, { token: user.token });
      const data = res.body.data as { records: { ec_id: number }[]; pictured: number[] };
      expect(data.records).toHaveLength(7);
      expect([...data.pictured].sort((a, b) => a - b)).toEqual([image!, spaced!, shot!, captured!].sort((a, b) => a - b));
    }
    // What the list leaves out is exactly what the thumbnail call could only refuse.
    for (const id of [none!, script!, failed!]) expectNoPicture(await thumbnail(analyst, id));
    expect((await thumbnail(analyst, captured!)).status).toBe(200);
    // The other kinds answer it too: a website record with nothing to show is not named.
    const ws = await tp.post('/api/ws-data/search-records', { clientId: acme }, { token: analyst.token });
    expect(ws.body.data).toMatchObject({ pictured: [] });
  });
});

