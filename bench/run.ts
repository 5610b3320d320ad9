import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startTestPortal, createUser } from '@portal/server/testing';

/**
 * Benchmark 1 (one process): requests per second of an authenticated cheap call
 * (/api/notication/unviewed-notice-count: token lookup, role check, validation, one count query, envelope)
 * against a bare Fastify route answering a constant, both on loopback, driven by autocannon in this process.
 * The portal runs on the database TEST_DB selects (pglite or postgres); run both with `npm run bench`.
 * Measured twice: as configured (sessions and counts cached, invalidated on change) and with the caches off.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function measure(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function bare(): Promise<number> {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ code: 0, message: 'Success', data: { unviewed: 0 } }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await measure(`${address}/bare`, { 'content-type': 'application/json' }); // warm-up
    return await measure(`${address}/bare`, { 'content-type': 'application/json' });
  } finally {
    await app.close();
  }
}

/** cacheTtlMs 0 turns the session and count caches off: every call then reads the database twice. */
async function portal(cacheTtlMs?: number): Promise<number> {
  const tp = await startTestPortal({ checkAnswers: false, cacheTtlMs });
  try {
    const user = await createUser(tp);
    await tp.portal.services.db.insertInto('notice').values([{ user_id: user.userId, title: 'bench', type: 1 }]).execute();
    const address = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
    await measure(`${address}/api/notication/unviewed-notice-count`, headers);
    return await measure(`${address}/api/notication/unviewed-notice-count`, headers);
  } finally {
    await tp.close();
  }
}

const bareRps = await bare();
const portalRps = await portal();
const uncachedRps = await portal(0);
console.log(
  JSON.stringify({
    benchmark: 'authenticated unviewed-notice-count vs bare Fastify route',
    database: process.env.TEST_DB ?? 'pglite',
    seconds: DURATION,
    connections: CONNECTIONS,
    bareRps: Math.round(bareRps),
    portalRps: Math.round(portalRps),
    ratio: Number((portalRps / bareRps).toFixed(2)),
    uncachedRps: Math.round(uncachedRps),
    uncachedRatio: Number((uncachedRps / bareRps).toFixed(2)),
  }),
);
