import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../testing/index.js';

/**
 * `GET /metrics` (issue 33 point 4) behind its bearer token, in Prometheus' text format with the names the README's
 * operations section promises; and the request id: taken from the balancer's `X-Request-Id` or made, answered in
 * the response and written on the request's log lines.
 */
const TOKEN = 'metrics-test-token';
let tp: TestPortal;
let off: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal({ metricsToken: TOKEN, logLevel: 'info' });
  off = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
  await off?.close();
});

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const scrape = async () => {
  const res = await tp.get('/metrics', { token: TOKEN });
  expect(res.status).toBe(200);
  return res.bytes.toString();
};

describe('the metrics endpoint', () => {
  it('is off without METRICS_TOKEN, and refuses a missing or wrong token', async () => {
    expect((await off.get('/metrics', { token: TOKEN })).status).toBe(404);
    expect((await tp.get('/metrics')).status).toBe(401);
    expect((await tp.get('/metrics', { token: 'wrong' })).status).toBe(401);
  });

  it('names the request, queue, pool, import and crawl metrics, and counts calls by their route', async () => {
    const wrong = { mail: 'nobody@example.com', password: 'not-the-password' };
    const first = await tp.post('/api/login', wrong);
    const status = String(first.status);
    const before = sample(await scrape(), 'portal_http_requests_total', { route: '/api/login', method: 'POST', status });
    expect(before).toBeGreaterThanOrEqual(1);
    expect(String((await tp.post('/api/login', wrong)).status)).toBe(status);
    const text = await scrape();
    for (const name of ['portal_http_requests_total', 'portal_http_request_duration_seconds', 'portal_queue_jobs', 'portal_queue_oldest_job_age_seconds', 'portal_db_pool_connections', 'portal_upload_rows_total', 'portal_crawler_pages_total']) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'portal_http_requests_total', { route: '/api/login', method: 'POST', status })).toBe(before + 1);
    expect(sample(text, 'portal_http_request_duration_seconds_count', { route: '/api/login' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // Addresses of the web app are one label, not one per path.
    await tp.get('/some/page/of/the/app');
    expect(await scrape()).not.toContain('route="/some/page');
  });
});

describe('the request id', () => {
  it('is the balancer\'s when it sends a sane one, else a new one; answered and on the request\'s log lines', async () => {
    const given = await tp.portal.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-request-id': 'lb-4711', 'content-type': 'application/json' }, payload: '{}' });
    expect(given.headers['x-request-id']).toBe('lb-4711');
    const hostile = await tp.portal.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\nwith "quotes"' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const made = await tp.portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.headers['x-request-id']).not.toBe(hostile.headers['x-request-id']);
    expect(tp.logs.some((l) => l.requestId === 'lb-4711')).toBe(true);
  });
});
