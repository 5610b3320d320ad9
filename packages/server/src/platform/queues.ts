import { currentRequestId, JOB_REQUEST_ID, runWithRequestId } from './request-context.js';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './db.js';

/**
 * Every background queue of the process on ONE pg-boss, in the same database, so jobs survive restarts and spread
 * over any number of worker processes. On PGlite it runs through the same pool (one connection), as the
 * architecture notes say.
 *
 * A queue is declared once (`QueueDef`): its name, its payload (each area adds its queue's payload type to
 * `QueuePayloads` next to the definition), its pg-boss options, how this process works it, and an optional daily
 * schedule. `Queues` exists from the moment the services are built, so every sender holds it; it is started once,
 * with the definitions this process runs (app.ts gives them all; tests give the few they drive).
 */

/** The payload of each queue anyone sends to, by queue name; each area adds its own (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' `declare module` blocks
export interface QueuePayloads {}
export type QueueName = keyof QueuePayloads & string;
/** A scheduled queue nobody sends to (a daily job) has an empty payload. */
type PayloadOf<N extends string> = N extends QueueName ? QueuePayloads[N] : Record<string, never>;

export interface QueueDef<N extends string = string> {
  name: N;
  /** pg-boss's queue options (created, or updated, at start). */
  options?: { policy?: 'standard' | 'short' | 'singleton' | 'stately'; retryLimit?: number; retryDelay?: number; expireInSeconds?: number };
  /** A daily schedule, cron in UTC: pg-boss sends an empty payload at that time (any one process). */
  cron?: string;
  /** Options of every send from its payload (the singleton key of a `stately` queue). */
  sendOptions?(payload: PayloadOf<N>): { singletonKey?: string };
  /**
   * How this process works the queue, exactly one of:
   * - `handler`: runs each job, one at a time per worker (`workers` loops of `batchSize` jobs, polling every `pollingIntervalSeconds`);
   * - `worker`: a worker of the area's own on the boss (the crawler), started after the queues and stopped before the boss;
   * - `elsewhere`: only queued here, worked by other processes (or, in tests, by the test itself).
   */
  handler?(payload: PayloadOf<N>): Promise<void>;
  workers?: number;
  batchSize?: number;
  pollingIntervalSeconds?: number;
  worker?(boss: PgBoss): Promise<() => Promise<void>>;
  elsewhere?: true;
  /** The queues this queue's jobs send to: they must be started in the same process (checked at start). */
  sendsTo?: readonly QueueName[];
  /** Once every queue exists (the capture queue re-sends the rows left pending), and once the boss has stopped. */
  started?(queues: Queues): Promise<void>;
  stopped?(): Promise<void>;
}

/** A definition of any queue, as the registry lists them. */
export type AnyQueueDef = { [N in QueueName]: QueueDef<N> }[QueueName] | QueueDef<string>;

/** The queue as declared, only queued here (its jobs are worked elsewhere). */
export function queuedOnly<N extends string>(def: QueueDef<N>): QueueDef<N> {
  return { name: def.name, ...(def.options ? { options: def.options } : {}), ...(def.sendOptions ? { sendOptions: def.sendOptions } : {}), elsewhere: true };
}

/**
 * How long a stop waits for running jobs before handing them back. pg-boss then fails them with "shut down while
 * active", and a failed job with retries left returns to the queue for the next worker (daily jobs skip what an
 * earlier run already did). Below the 10 s in which the server must be gone after SIGTERM.
 */
export const JOB_STOP_TIMEOUT_MS = 7_000;

/** Sends on the caller's connection: the job is queued with the change that asks for it, in its transaction. */
const through = (db: Db | Tx) => ({ db: { executeSql: async (text: string, values: unknown[]) => db.executeQuery(CompiledQuery.raw(text, values)) } });

/** Refuses a set of definitions this process could not run as declared: the start fails before any job is taken. */
export function checkQueues(defs: readonly AnyQueueDef[]): void {
  const names = new Set<string>();
  for (const def of defs) {
    if (names.has(def.name)) throw new Error(`queue "${def.name}" is declared twice`);
    names.add(def.name);
    const ways = [def.handler, def.worker, def.elsewhere].filter((w) => w !== undefined).length;
    if (ways === 0) throw new Error(`queue "${def.name}" has no handler (give it a handler, a worker, or mark it worked elsewhere)`);
    if (ways > 1) throw new Error(`queue "${def.name}" has more than one of handler, worker and elsewhere`);
    if (def.elsewhere && def.cron) throw new Error(`queue "${def.name}" is scheduled but worked elsewhere`);
  }
  // Only what runs here sends from here: a queue worked elsewhere is checked where it is worked.
  for (const def of defs.filter((d) => !d.elsewhere)) {
    for (const target of def.sendsTo ?? []) {
      if (!names.has(target)) throw new Error(`queue "${def.name}" sends to "${target}", which has no queue in this process`);
    }
  }
}

export class Queues {
  private boss: PgBoss | undefined;
  private defs = new Map<string, AnyQueueDef>();
  private stoppers: (() => Promise<void>)[] = [];
  private stopTimeoutMs = JOB_STOP_TIMEOUT_MS;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Whether this process runs the queue (started, not stopped). */
  has(name: string): boolean {
    return this.boss !== undefined && this.defs.has(name);
  }

  /**
   * Queues a job, on the caller's connection when `db` is given (in its transaction), else on the pool. Where this
   * process does not run the queue (jobs off: API tests, or a test that started other queues only), nothing is
   * queued and the answer is false, as before one job system: the capture row stays pending and is sent when a
   * capture queue starts; the other queues' work is driven by the tests themselves.
   */
  async send<N extends QueueName>(name: N, payload: QueuePayloads[N], opts: { db?: Db | Tx; startAfter?: Date } = {}): Promise<boolean> {
    const def = this.defs.get(name) as QueueDef<N> | undefined;
    if (!this.boss || !def) return false;
    // `startAfter`: not before then (a webhook delivery's next retry).
    await this.boss.send(name, withRequestId(payload), { ...def.sendOptions?.(payload as PayloadOf<N>), ...(opts.db ? through(opts.db) : {}), ...(opts.startAfter ? { startAfter: opts.startAfter } : {}) });
    return true;
  }

  /** Queues many jobs in one statement, on the pool (the crawler's pages and listings); false where not run here. */
  async insert<N extends QueueName>(name: N, payloads: QueuePayloads[N][]): Promise<boolean> {
    const def = this.defs.get(name) as QueueDef<N> | undefined;
    if (!this.boss || !def) return false;
    await this.boss.insert(payloads.map((data) => ({ name, data: withRequestId(data), ...def.sendOptions?.(data as PayloadOf<N>) })));
    return true;
  }

  /** Starts the one pg-boss of the process with these queues; throws (nothing taken) when they are not runnable. */
  async start(pool: Pool, defs: readonly AnyQueueDef[], stopTimeoutMs = JOB_STOP_TIMEOUT_MS): Promise<void> {
    if (this.boss) throw new Error('the job queues are already started in this process');
    checkQueues(defs);
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
      schema: 'pgboss',
      schedule: defs.some((d) => d.cron !== undefined),
    });
    boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    this.stopTimeoutMs = stopTimeoutMs;
    try {
      for (const def of defs) {
        await boss.createQueue(def.name, { name: def.name, ...def.options });
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
      this.boss = boss;
      this.defs = new Map(defs.map((d) => [d.name, d]));
      for (const def of defs) {
        const handler = def.handler?.bind(def) as ((payload: unknown) => Promise<void>) | undefined;
        if (!handler) continue;
        for (let i = 0; i < Math.max(1, def.workers ?? 1); i += 1) {
          const options = { batchSize: def.batchSize ?? 1, ...(def.pollingIntervalSeconds ? { pollingIntervalSeconds: def.pollingIntervalSeconds } : {}) };
          await boss.work(def.name, options, async (jobs) => {
            for (const job of jobs) {
              const { [JOB_REQUEST_ID]: requestId, ...payload } = (job.data ?? {}) as Record<string, unknown>;
              await runWithRequestId(typeof requestId === 'string' ? requestId : `job-${job.id}`, () => handler(payload));
            }
          });
        }
      }
      for (const def of defs) if (def.started) await def.started(this);
      for (const def of defs) if (def.worker) this.stoppers.push(await def.worker(boss));
    } catch (err) {
      this.boss = boss;
      this.defs = new Map(defs.map((d) => [d.name, d]));
      await this.stop();
      throw err;
    }
  }

  /**
   * Stops the areas' workers, then the boss (graceful up to the stop timeout), then what the queues hold (browsers).
   * Jobs finishing meanwhile can still send (the signals job queues its evaluation); once the boss is down, sends
   * queue nothing.
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow().finally(() => (this.stopping = undefined));
    return this.stopping;
  }

  private stopping: Promise<void> | undefined;

  private async stopNow(): Promise<void> {
    const stoppers = this.stoppers;
    this.stoppers = [];
    for (const stop of stoppers) await stop();
    await this.boss?.stop({ graceful: true, timeout: this.stopTimeoutMs });
    const defs = [...this.defs.values()];
    this.boss = undefined;
    this.defs = new Map();
    for (const def of defs) if (def.stopped) await def.stopped();
  }
}

/** The payload with the request id of the request queuing it, when there is one (request-context.ts). */
function withRequestId<T>(payload: T): T {
  const requestId = currentRequestId();
  return requestId && payload && typeof payload === 'object' ? { ...payload, [JOB_REQUEST_ID]: requestId } : payload;
}
