import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, type Portal } from '../app.js';
import { openTestDatabase } from '../testing/database.js';
import { readConfig } from './config.js';
import type { DatabaseHandle } from './db.js';

/**
 * The built web app over real HTTP (a listening server, Node's own client, no decompression on the way): a hashed
 * asset in the encoding the request accepts, from the copies the build wrote beside it, cached for good;
 * index.html asked again every time.
 */
let portal: Portal;
let database: DatabaseHandle;
let origin: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
const script = `export const labels = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `label ${i % 41}`))};\n`;
const asset = '/assets/index-Ab12Cd34.js';

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>portal</title><script type="module" src="${asset}"></script>`);
  const file = path.join(webDist, asset);
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(webDist, 'assets/plain-Ab12Cd34.css'), 'a{color:red}');
  database = await openTestDatabase();
  const config = { ...readConfig({}), logLevel: 'silent', demo: false, webDist, secretsKey: randomBytes(32).toString('base64') };
  portal = await buildPortal({ config, database });
  origin = await portal.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await portal?.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A GET with exactly these headers; the body as it came over the wire. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const immutable = 'public, max-age=31536000, immutable';

describe('the web app over HTTP', () => {
  it('sends a hashed asset as brotli when the browser accepts it, cached for good', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', 'cache-control': immutable });
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip when only gzip is accepted, and the file as it is otherwise', async () => {
    const gzip = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding', 'cache-control': immutable });
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    // The browser's preference counts: brotli refused outright.
    const noBrotli = await get(asset, { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const plain = await get(asset, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers).toMatchObject({ vary: 'Accept-Encoding', 'cache-control': immutable });
      expect(plain.body.toString()).toBe(script);
    }
  });

  it('sends a file without compressed copies as it is, and a missing asset as 404', async () => {
    const css = await get('/assets/plain-Ab12Cd34.css', { 'accept-encoding': 'gzip, br' });
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe(immutable);
    expect(css.body.toString()).toBe('a{color:red}');
    expect((await get('/assets/missing-Ab12Cd34.js', { 'accept-encoding': 'gzip, br' })).status).toBe(404);
  });

  it('never lets index.html be cached without asking, at / and at any client-side route', async () => {
    for (const url of ['/', '/home', '/ec-list?clientId=1']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body.toString()).toContain(asset);
    }
  });
});
