import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { migrations } from './migrations/index.js';

/**
 * Probes for a load balancer or orchestrator. They are plain GET routes outside the call registry on purpose:
 * a probe has no token, no payload and no language, and must answer even when the database (which sessions
 * need) is down. They reveal nothing but the state: no versions, no error texts, no counts.
 *
 * - `GET /api/health`: the process is alive and serving HTTP (200 `{status: 'ok'}`).
 * - `GET /api/ready`: it can serve calls: the database answers within a few seconds and every migration this
 *   code knows has run (200 `{status: 'ready'}`, else 503 `{status: 'unavailable', reason: 'database' | 'migrations'}`).
 *   While the server shuts down, Fastify itself answers 503 to requests that still arrive on open connections.
 */
export const HEALTH_PATHS = ['/api/health', '/api/ready'] as const;

/** How long readiness waits for the database. PGlite serialises callers, so a long upload can hold it for a while. */
const READY_TIMEOUT_MS = 5_000;

export type Readiness = { status: 'ready' } | { status: 'unavailable'; reason: 'database' | 'migrations' };

export async function readiness(db: Db, onFailure: (err: unknown) => void): Promise<Readiness> {
  let done: string[];
  try {
    done = await withTimeout(
      sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db).then((r) => r.rows.map((row) => row.name)),
      READY_TIMEOUT_MS,
    );
  } catch (err) {
    // A database without the migration table is one where migrations have not run; anything else is unreachable.
    if ((err as { code?: unknown }).code === '42P01') return { status: 'unavailable', reason: 'migrations' };
    onFailure(err);
    return { status: 'unavailable', reason: 'database' };
  }
  const have = new Set(done);
  const pending = Object.keys(migrations).some((name) => !have.has(name));
  return pending ? { status: 'unavailable', reason: 'migrations' } : { status: 'ready' };
}

export function serveHealth(app: FastifyInstance, db: Db): void {
  app.get('/api/health', (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/api/ready', async (req, reply) => {
    const state = await readiness(db, (err) => req.log.warn({ err }, 'readiness: the database did not answer'));
    return reply
      .status(state.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
