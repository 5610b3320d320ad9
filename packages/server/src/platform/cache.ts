import { sql } from 'kysely';
import type pg from 'pg';
import type { Db, Tx } from './db.js';

/**
 * A bounded map whose entries live for a few seconds: for answers read on every call or every poll.
 * Whoever changes the underlying rows invalidates through the bus, so every replica drops its copy;
 * the TTL is only the backstop for a notification missed during a reconnect.
 */
export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest tenth.
      let drop = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--drop === 0) break;
      }
    }
    this.entries.set(key, { value, at: now });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  deleteWhere(test: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key);
  }
}

const CHANNEL = 'portal_invalidate';

/**
 * Cache invalidation across replicas: `publish` drops the entry here at once and, through PostgreSQL's
 * NOTIFY, on every other replica when the transaction commits (a rolled-back change notifies nobody).
 * PGlite is one process with no replicas (`replicas: false`): nothing is sent, so a change does not spend
 * round trips on the single connection for listeners that cannot exist.
 */
export class InvalidationBus {
  private handlers = new Map<string, (key: string) => void>();

  constructor(private readonly replicas = true) {}

  on(topic: string, handler: (key: string) => void): void {
    this.handlers.set(topic, handler);
  }

  private apply(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon > 0) this.handlers.get(payload.slice(0, colon))?.(payload.slice(colon + 1));
  }

  async publish(db: Db | Tx, topic: string, key: string | number): Promise<void> {
    await this.publishAll(db, topic, [key]);
  }

  /** Many keys of one topic (a notice to every user of a client) in one statement, not one round trip each. */
  async publishAll(db: Db | Tx, topic: string, keys: readonly (string | number)[]): Promise<void> {
    const payloads = keys.map((key) => `${topic}:${key}`);
    for (const payload of payloads) this.apply(payload);
    if (this.replicas && payloads.length > 0) await sql`SELECT pg_notify(${CHANNEL}, p) FROM unnest(${payloads}::text[]) AS p`.execute(db);
  }

  /**
   * On PostgreSQL, one connection of the pool listens for the other replicas (PGlite is one process: nothing to
   * hear). If it drops (a database restart, a failover), every cache is cleared and the listener connects again,
   * and again, waiting longer each time (up to 5 s) while the database is away; once listening again it clears the
   * caches once more, for what was changed before its LISTEN took effect.
   */
  async listen(pool: pg.Pool, onError: (err: Error) => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.PoolClient | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = await pool.connect();
      let lost = false;
      const drop = (err: Error) => {
        if (lost) return;
        lost = true;
        c.release(err);
        if (client === c) client = undefined;
      };
      c.on('notification', (msg) => {
        if (msg.channel === CHANNEL && msg.payload) this.apply(msg.payload);
      });
      c.on('error', (err: Error) => {
        drop(err);
        if (stopped) return;
        onError(err);
        this.dropAll();
        reconnect(0);
      });
      try {
        await c.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        drop(err as Error);
        throw err;
      }
      // Stopped while connecting: nobody will release it later.
      if (stopped) c.release(true);
      else client = c;
    };
    const reconnect = (attempt: number) => {
      if (stopped || retry) return;
      retry = setTimeout(
        () => {
          retry = undefined;
          connect().then(
            () => this.dropAll(),
            (err: Error) => {
              if (stopped) return;
              onError(err);
              reconnect(attempt + 1);
            },
          );
        },
        Math.min(5_000, 250 * 2 ** attempt),
      ).unref();
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      // Destroyed rather than returned: a listening connection must not serve other queries.
      client?.release(true);
    };
  }

  private dropAllHandlers: (() => void)[] = [];
  /** Caches register how to drop everything, for when notifications may have been missed. */
  onDropAll(handler: () => void): void {
    this.dropAllHandlers.push(handler);
  }
  private dropAll(): void {
    for (const h of this.dropAllHandlers) h();
  }
}
