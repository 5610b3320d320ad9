import { translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestPortal, type TestPortal } from '../testing/index.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

describe('the HTTP envelope', () => {
  it('answers a non-JSON body with 415, a GET on a call and an unknown call with 404, all in the common shape', async () => {
    const text = await tp.portal.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 400, message: translate('en', 'error.unsupportedMediaType'), data: null });
    const get = await tp.portal.app.inject({ method: 'GET', url: '/api/login', headers: { 'accept-language': 'ja' } });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ code: 404, message: translate('ja', 'error.notFound'), data: null });
  });

  it('publishes an OpenAPI document of every call, generated from the contract', async () => {
    const res = await tp.portal.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Post = { 'x-roles': number | string; requestBody: { content: { 'application/json': { schema: { properties?: Record<string, unknown> } } } } };
    const doc = res.json<{ paths: Record<string, { post?: Post; get?: unknown }> }>();
    // Calls are the POSTs; the downloads (GET) are listed beside them.
    expect(Object.keys(doc.paths).filter((p) => doc.paths[p]!.post).sort()).toEqual(tp.portal.calls.map((c) => c.path).sort());
    expect(doc.paths['/api/login']?.post?.['x-roles']).toBe('public');
    expect(Object.keys(doc.paths['/api/login']?.post?.requestBody.content['application/json'].schema.properties ?? {})).toEqual(['mail', 'password', 'code']);
  });

  it('accepts a call with no body at all as an empty payload', async () => {
    const user = await createUser(tp);
    const res = await tp.portal.app.inject({ method: 'POST', url: '/api/notication/unviewed-notice-count', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.json()).toMatchObject({ code: 0, data: { unviewed: 0 } });
  });
});

describe('server faults and logs', () => {
  let logged: TestPortal;
  beforeAll(async () => {
    logged = await startTestPortal({ logLevel: 'info' });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('logs one structured line per request, without tokens, passwords or bodies', async () => {
    const res = await logged.portal.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: 'Bearer secret-token-value', 'content-type': 'application/json' },
      payload: { mail: 'someone@test.example', password: 'Sup3r-secret!', code: '123456' },
    });
    expect(res.statusCode).toBe(200);
    const line = logged.logs.find((l) => l.msg === 'request' && l.url === '/api/login');
    expect(line).toMatchObject({ method: 'POST', status: 200, code: 1003, userId: null });
    expect(typeof line?.ms).toBe('number');
    const all = JSON.stringify(logged.logs);
    expect(all).not.toContain('secret-token-value');
    expect(all).not.toContain('Sup3r-secret!');
  });

  it('a fault answers 500 with a generic message and no stack trace, and is logged', async () => {
    // Break the database under the running app: every call that needs it now fails inside the server.
    await logged.portal.database.pool.query('DROP TABLE session_token CASCADE');
    const res = await logged.portal.app.inject({
      method: 'POST',
      url: '/api/user/userinfo',
      headers: { authorization: 'Bearer any-token', 'content-type': 'application/json', 'accept-language': 'ja' },
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: translate('ja', 'error.internal'), data: null });
    expect(res.body).not.toMatch(/session_token|at .*\(|stack/);
    expect(logged.logs.some((l) => l.msg === 'call failed')).toBe(true);
  });
});
