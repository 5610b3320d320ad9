import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from './context.js';
import { isPoolTimeout, type DatabaseHandle, type Db, type Tx } from './db.js';
import { replicaReads, type ReplicaTarget } from './metrics.js';
import { primaryWalLsn, standbyPosition } from './replica-queries.js';

/**
 * Reads on a streaming standby (DATABASE_READ_URL) with read-your-writes (issue 33, point 1). A call the registry
 * marks `replica: 'read-your-writes'` (a read: dashboards, record lists, filter values, exports) runs on the standby
 * in one READ ONLY, REPEATABLE READ transaction, whose first statement checks that the standby has replayed the
 * caller's last write (the primary's WAL position handed out after it: a cookie for the browser, a header for API
 * keys) and is not stuck far behind; otherwise, or when the standby cannot be reached, the call runs on the primary
 * as any other. The handler's side reads (a count beside the page, an export's batches) take other connections of
 * the standby's pool: replay only moves forward on one server, so they see at least what the check saw. So the URL
 * names one standby, not a balancer over several.
 */

/** What the browser sends back by itself (HttpOnly: scripts cannot read it) and API clients send as a header. */
export const LSN_COOKIE = 'portal_lsn';
export const LSN_HEADER = 'x-portal-lsn';
/** Long enough for any standby that is fit to serve (the lag guard skips it beyond DATABASE_READ_MAX_LAG_SECONDS). */
const LSN_COOKIE_SECONDS = 600;
/** After a failure the standby is left alone this long: calls go straight to the primary, with no wait to connect. */
const STANDBY_RETRY_MS = 5_000;
/** A standby that does not answer in this time is taken as down (the primary answers instead). */
export const STANDBY_CONNECT_TIMEOUT_MS = 2_000;
/** The standby's connections per process: reads that may wait for it share them, the primary keeps the rest. */
export const STANDBY_POOL_SIZE = 5;

/** How a call may use the standby; the registry accepts it on reads only (call.ts). */
export type ReplicaMode = 'read-your-writes';

const LSN_TEXT = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** A WAL position `XXXXXXXX/YYYYYYYY` as a number (its order), or undefined when it is not one. */
export function lsnValue(text: unknown): bigint | undefined {
  const m = typeof text === 'string' ? LSN_TEXT.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : undefined;
}

/** The later of WAL positions (the ones that are not positions are ignored); undefined when none is. */
export function latestLsn(...texts: unknown[]): string | undefined {
  let best: { text: string; value: bigint } | undefined;
  for (const text of texts) {
    const value = lsnValue(text);
    if (value !== undefined && (!best || value > best.value)) best = { text: (text as string).toUpperCase(), value };
  }
  return best?.text;
}

/** The caller's last write as it tells it: the later of its cookie and its header. */
export function callerLsn(req: FastifyRequest): string | undefined {
  return latestLsn(req.cookies?.[LSN_COOKIE], req.headers[LSN_HEADER]);
}

/** Why a call that could read on the standby went where it went (counted in portal_replica_reads_total). */
class Routed extends Error {
  constructor(readonly target: ReplicaTarget) {
    super(`read on the primary: ${target}`);
  }
}

/** Errors that mean the standby (or the way to it) failed, not the call: the primary answers instead. */
function standbyFailed(err: unknown): boolean {
  if (isPoolTimeout(err)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return err instanceof Error && /connection|terminat/i.test(err.message);
  return code.startsWith('08') || code.startsWith('57P') || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code);
}
/** A hot standby cancels a query whose rows replay is about to remove ("conflict with recovery"). */
const recoveryConflict = (err: unknown) => (err as { code?: unknown }).code === '40001';

export class ReadReplica {
  /** What a call reading on the standby gets as its services: the same, with the standby as its database. */
  readonly services: Services;
  private retryAt = 0;
  private failing = false;

  constructor(
    private readonly standby: DatabaseHandle,
    primary: Services,
    private readonly maxLagSeconds: number,
  ) {
    this.services = { ...primary, db: standby.db, replica: undefined, onStandby: { primary: primary.db } };
  }

  /** Runs a call on the standby when it may (see above), else `onPrimary`; either way the call's own answer or error. */
  async read<T>(req: FastifyRequest, onStandby: (services: Services, db: Tx) => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
    const log = req.log;
    if (Date.now() < this.retryAt) return this.primary('down', onPrimary);
    const wanted = callerLsn(req) ?? null;
    let started = false;
    try {
      const answer = await this.standby.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (tx) => {
          const at = await standbyPosition(tx, wanted);
          if (!at.replayed) throw new Routed('behind');
          if (at.lagSeconds > this.maxLagSeconds) throw new Routed('lagging');
          started = true;
          return onStandby(this.services, tx);
        });
      this.answered(log);
      replicaReads.inc({ target: 'standby' });
      return answer;
    } catch (err) {
      if (err instanceof Routed) {
        this.answered(log);
        return this.primary(err.target, onPrimary);
      }
      if (started && recoveryConflict(err)) return this.primary('conflict', onPrimary);
      if (started && !standbyFailed(err)) throw err;
      this.failed(log, err);
      return this.primary('down', onPrimary);
    }
  }

  /**
   * After a call that wrote: the primary's WAL position now (past the call's commit), handed to the caller as a
   * cookie and a header, never lower than the one it came with. Asked through the call's own pool (PgBouncer too):
   * the position is the server's, whichever connection asks.
   */
  async handOut(req: FastifyRequest, reply: FastifyReply, primary: Db): Promise<void> {
    try {
      const lsn = latestLsn(await primaryWalLsn(primary), callerLsn(req))!;
      reply.header(LSN_HEADER, lsn);
      reply.setCookie(LSN_COOKIE, lsn, { path: '/api', httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', maxAge: LSN_COOKIE_SECONDS });
    } catch (err) {
      // The write is committed: its answer stands. Without a new position the caller's next reads may lag it.
      req.log.warn({ err }, 'the primary did not tell its WAL position after a write');
    }
  }

  close(): Promise<void> {
    return this.standby.close();
  }

  private primary<T>(target: ReplicaTarget, onPrimary: () => Promise<T>): Promise<T> {
    replicaReads.inc({ target });
    return onPrimary();
  }

  /** Logged once per burst of failures, not once per call. */
  private failed(log: FastifyBaseLogger, err: unknown): void {
    this.retryAt = Date.now() + STANDBY_RETRY_MS;
    if (this.failing) return;
    this.failing = true;
    log.warn({ err }, 'the read-only standby failed: its reads go to the primary');
  }

  private answered(log: FastifyBaseLogger): void {
    if (!this.failing) return;
    this.failing = false;
    log.info('the read-only standby answers again');
  }
}
