import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@portal/contract';
import type { Config } from './config.js';
import type { Db, Tx } from './db.js';
import type { Mailer } from './mail.js';
import type { InvalidationBus, TtlCache } from './cache.js';
import type { Queues } from './queues.js';
import type { ReadReplica } from './replica.js';
import type { SecretBox } from './secrets.js';

/** What the whole app shares: built once at start, handed to every call. */
export interface Services {
  db: Db;
  dbKind: 'postgres' | 'pglite';
  config: Config;
  mailer: Mailer;
  /** The time as the app sees it; tests replace it to drive expiries and reminders. */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Drops cached answers on every replica when their rows change. */
  bus: InvalidationBus;
  /** Live sessions by token hash (see auth.ts). */
  sessions: TtlCache<string, CachedSession>;
  /** Seals and opens secrets kept at rest (site account passwords, cookies, headers). */
  secrets: SecretBox;
  /** Unviewed notice counts by user: the badge is polled by every signed-in user every 30 seconds. */
  unviewedCounts: TtlCache<number, number>;
  /**
   * The background queues (queues.ts): `queues.send('evidence-capture', { captureId }, { db })` queues a job typed
   * by its queue, in the caller's transaction. Present from the start; queues nothing where this process runs no jobs.
   */
  queues: Queues;
  /** The read-only standby (DATABASE_READ_URL) the calls marked `replica` may read on; absent: the primary only. */
  replica?: ReadReplica | undefined;
  /**
   * Set in the services a call reading on the standby gets: what it computes may lag the primary, so it is not kept
   * in caches that outlive the call (a caller who just wrote could be answered from it); `primary` for the facts
   * only the primary keeps (the activity statistics: when a table was last analysed, its rows changed since).
   */
  onStandby?: { primary: Db };
  /** Wakes the crawler's workers, once the call has committed, for subtasks just started (areas/crawler-tasks/queue.ts). */
  crawler: { wakeSoon(subtaskIds: number[]): void };
}

export interface CachedSession {
  user: SessionUser;
  lastUsedAt: number;
  /** An API key's expiry (ms), checked on every use, cached or not. */
  expiresAt?: number | undefined;
}

/** The signed-in user as a call sees them. */
export interface SessionUser {
  userId: number;
  role: number;
  clientId: number | null;
  locale: Locale;
  tokenHash: string;
  /** Set when the call came with a personal API key instead of a session token. */
  apiKeyId?: number;
}

export interface CallContext {
  services: Services;
  /** The transaction of this call (or the plain database for calls that manage their own). */
  db: Db | Tx;
  user: SessionUser | null;
  locale: Locale;
  ip: string;
  log: FastifyBaseLogger;
  now: Date;
  /** The file parts of a multipart call (named `file`: one, or up to the call's maxFiles); empty for JSON calls. */
  files: UploadedFile[];
  /** Aborts when the client goes away before the answer is sent: long work (uploads) stops and undoes itself. */
  signal: AbortSignal;
}

/** An uploaded file: in memory (small files), or spooled to a temporary file (spreadsheets), removed after the call. */
export interface UploadedFile {
  filename: string;
  size: number;
  bytes?: Buffer;
  path?: string;
}

/** The context of a call that requires sign-in. */
export interface AuthedContext extends CallContext {
  user: SessionUser;
}

/**
 * The context of work done for a user outside a request (a job, the demo's seed): the same shape a call's handler
 * gets, so services run unchanged; no client to go away, no address, the user's role as given.
 */
export function contextFor(
  services: Services,
  db: Db | Tx,
  user: { userId: number; role: number; clientId?: number | null; locale?: Locale },
  extra: { now?: Date; files?: UploadedFile[] } = {},
): AuthedContext {
  const locale = user.locale ?? 'en';
  return {
    services,
    db,
    user: { userId: user.userId, role: user.role, clientId: user.clientId ?? null, locale, tokenHash: '' },
    locale,
    ip: '',
    log: services.log,
    now: extra.now ?? services.clock(),
    files: extra.files ?? [],
    signal: new AbortController().signal,
  };
}
