import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_ROLES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, type Portal } from '../app.js';
import { openTestDatabase } from '../testing/database.js';
import { createClient, createUser, startTestPortal, type TestPortal } from '../testing/index.js';
import { readConfig } from './config.js';
import type { DatabaseHandle } from './db.js';
import { API_CSP, WEB_APP_CSP } from './security-headers.js';

/** A portal behind a load balancer (TRUST_PROXY=1) serving a built web app from a directory of its own. */
let behindProxy: Portal;
let database: DatabaseHandle;
let tp: TestPortal;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  tp = await startTestPortal();
  database = await openTestDatabase();
  const config = { ...readConfig({}), logLevel: 'silent', demo: false, trustProxy: true, webDist, secretsKey: randomBytes(32).toString('base64') };
  behindProxy = await buildPortal({ config, database });
});
afterAll(async () => {
  await behindProxy?.close();
  await database?.close();
  await tp?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const common = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'same-origin' };

describe('security headers', () => {
  it('the web app page carries the policy it runs under: own scripts only, nothing may frame it', async () => {
    for (const url of ['/', '/trademark/new']) {
      const res = await behindProxy.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ ...common, 'content-security-policy': WEB_APP_CSP });
    }
    expect(WEB_APP_CSP).toContain("script-src 'self';");
    expect(WEB_APP_CSP).toContain("frame-ancestors 'none'");
  });

  it('API answers, errors included, forbid everything and framing', async () => {
    const unauthenticated = await tp.portal.app.inject({ method: 'POST', url: '/api/user/userinfo', payload: {} });
    const malformed = await tp.portal.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect([unauthenticated.statusCode, malformed.statusCode]).toEqual([401, 400]);
    for (const res of [unauthenticated, malformed]) expect(res.headers).toMatchObject({ ...common, 'content-security-policy': API_CSP });
    const health = await tp.get('/api/health');
    expect(health.headers).toMatchObject({ ...common, 'content-security-policy': API_CSP });
  });

  it('downloads keep their sandboxing policy', async () => {
    const admin = await createUser(tp, { role: ALL_ROLES });
    const clientId = await createClient(tp);
    const res = await tp.get(`/api/ec-report/download-template?clientId=${clientId}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ ...common, 'content-security-policy': "default-src 'none'; sandbox" });
  });

  it('HSTS only when a trusted proxy says the request came over TLS', async () => {
    const get = (portal: Portal, proto: string) => portal.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': proto } });
    expect((await get(behindProxy, 'https')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get(behindProxy, 'http')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send: it does not count.
    expect((await get(tp.portal, 'https')).headers['strict-transport-security']).toBeUndefined();
  });
});
