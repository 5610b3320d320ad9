import { sql } from 'kysely';
import { TtlCache } from '../../platform/cache.js';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { ListKind } from '../core/kind.js';
import type { RecordTableName } from '../core/tables.js';

/**
 * The column filter values of a big client take a scan of all its records; they are kept for a minute once they
 * were slow to compute, and dropped on every replica as soon as the records change. Whoever writes records of a
 * client (the engine's save, batches, upload, post and remove, and EC's inherit and delete-repeat) calls
 * `recordsChanged` in the same transaction.
 */

const FILTER_TTL_MS = 60_000;

export interface FilterAnswer {
  /** `label`: the value in the reader's language where the server wrote it (stored match reasons). */
  filters: { value: string | number | boolean | null; count: number; label?: string }[];
  total: number;
  offset: number;
}
interface Entry {
  clientId: number;
  field: string;
  answer: FilterAnswer;
}

export interface RecordCaches {
  filters: TtlCache<string, Entry>;
  /** One computation per key at a time; later callers wait for it. */
  inflight: Map<string, Promise<FilterAnswer>>;
  /** Bumped on every change, so a computation that started before a change is not kept. */
  generation: number;
}

const byServices = new WeakMap<Services, Map<string, RecordCaches>>();

/** The caches of one record kind (by its topic: `ec-records`, `ws-records`). */
export function recordCaches(services: Services, topic: string): RecordCaches {
  let kinds = byServices.get(services);
  if (!kinds) {
    kinds = new Map();
    byServices.set(services, kinds);
  }
  const existing = kinds.get(topic);
  if (existing) return existing;
  const created: RecordCaches = { filters: new TtlCache(FILTER_TTL_MS, 10_000), inflight: new Map(), generation: 0 };
  services.bus.on(topic, (key) => {
    created.generation += 1;
    const [client, fields] = key.split('/');
    const clientId = Number(client);
    const only = fields ? new Set(fields.split(',')) : null;
    created.filters.deleteWhere((e) => e.clientId === clientId && (only === null || only.has(e.field)));
  });
  services.bus.onDropAll(() => {
    created.generation += 1;
    created.filters.clear();
  });
  kinds.set(topic, created);
  return created;
}

/** Which kind's records changed: its cache topic and its table. */
/**
 * Before a statement that changes many records at once (a batch, a post, a removed report), in its transaction:
 * the rollup triggers' transition rows are kept under the statement's work_mem, and at the default 4 MB a
 * 10,000-record batch spilled them to temporary files (the trigger's share of the batch went from 20 ms to 145 ms).
 */
export async function roomForBulkWrite(db: Db | Tx): Promise<void> {
  await sql`SET LOCAL work_mem = '64MB'`.execute(db);
}

export type ChangedKind = Pick<ListKind, 'topic' | 'table'>;

/** The records of a client changed (only the given fields, when named): drops what was derived from them. */
export async function recordsChanged(services: Services, db: Db | Tx, kind: ChangedKind, clientId: number, fields?: readonly string[]): Promise<void> {
  recordCaches(services, kind.topic);
  await services.bus.publish(db, kind.topic, fields && fields.length > 0 ? `${clientId}/${fields.join(',')}` : clientId);
  if (services.dbKind === 'pglite' && !(fields && fields.length > 0)) analyzeSoon(services, kind.table);
}

/** After a bulk change, how long before the table's statistics are renewed (changes coming together share one). */
const ANALYZE_DELAY_MS = 5_000;
/**
 * At most one ANALYZE per table this often: it holds PGlite's one connection (about a second on 100,000 records
 * on a busy machine), and statistics a few minutes old still scale with the table's size.
 */
const ANALYZE_EVERY_MS = 10 * 60_000;
interface AnalyzeState {
  pending: Set<string>;
  last: Map<string, number>;
}
const analyzing = new WeakMap<Services, AnalyzeState>();

/**
 * PGlite runs no autovacuum, so nothing else renews the planner's statistics: without them it misjudges a client's
 * records after uploads and picks plans many times slower (and the list's estimated totals go wrong). After a bulk
 * change (an upload, a report removed or posted) the table is analyzed once, a few seconds later (when the change
 * has released the connection) and never within ANALYZE_EVERY_MS of the previous time; the portal analyzes every
 * table on start (analyzeOnStart). PostgreSQL's autovacuum does all this by itself.
 */
function analyzeSoon(services: Services, table: RecordTableName): void {
  let state = analyzing.get(services);
  if (!state) analyzing.set(services, (state = { pending: new Set(), last: new Map() }));
  if (state.pending.has(table)) return;
  state.pending.add(table);
  const last = state.last.get(table) ?? 0;
  const { pending, last: lastRun } = state;
  setTimeout(() => {
    pending.delete(table);
    lastRun.set(table, Date.now());
    sql`ANALYZE ${sql.table(table)}`.execute(services.db).catch((err: unknown) => services.log.warn({ err }, 'analyze failed'));
  }, Math.max(ANALYZE_DELAY_MS, last + ANALYZE_EVERY_MS - Date.now())).unref();
}

/**
 * PGlite on start: every table's statistics (nothing renewed them while the portal was down, nor after a restore).
 * It does not count toward ANALYZE_EVERY_MS: a bulk change right after a start (an update upload of every record)
 * is analyzed a few seconds later, not ten minutes later on statistics that no longer describe the table.
 */
export async function analyzeOnStart(services: Services): Promise<void> {
  await sql`ANALYZE`.execute(services.db);
  analyzing.set(services, { pending: new Set(), last: new Map() });
}
