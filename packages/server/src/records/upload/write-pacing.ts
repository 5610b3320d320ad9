import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../platform/db.js';

/**
 * Paces an upload's writes so other users' calls keep their turn. On the embedded database (PGlite) every statement
 * runs on the server's own thread and holds its only connection, so a write of N rows stops every other call for
 * as long as it takes. The pacer writes each batch in chunks sized by measured time (about `targetMs` each, however
 * fast the machine is at the moment) and after each chunk leaves the connection free for a gap (`gapShare` of the
 * chunk's time, at least `minGapMs`): calls that queued meanwhile, and the next query of calls already running,
 * go before the upload's next chunk. The upload takes longer; nobody waits long behind it.
 */
export interface PacingOptions {
  /** How long one chunk should hold the connection. */
  targetMs: number;
  minRows: number;
  maxRows: number;
  /** The pause after a chunk, as a share of the chunk's time. */
  gapShare: number;
  minGapMs: number;
}

/**
 * PGlite: chunks of about 20 ms and an equal pause (the upload gets at most about half of the one connection). At
 * least 50 rows: below that each statement's fixed cost (about 6 ms) outweighs the rows.
 */
export const PGLITE_PACING: PacingOptions = { targetMs: 20, minRows: 50, maxRows: 500, gapShare: 1, minGapMs: 2 };
/**
 * PostgreSQL: a pool of connections and a server of its own; chunks only bound each transaction's length, and at
 * most 1,000 rows keep each column's packed text of a batch under V8's large-object size, so it dies in the young
 * generation (at 2,000 rows a 100,000-row upload's peak RSS was 20 MB higher, no faster).
 */
export const POSTGRES_PACING: PacingOptions = { targetMs: 250, minRows: 200, maxRows: 1000, gapShare: 0, minGapMs: 0 };

export class WritePacer {
  private size: number;

  constructor(private readonly opts: PacingOptions) {
    this.size = opts.minRows;
  }

  /** How many rows the next chunk should have (a new upload's worker cuts its batches to it). */
  get rows(): number {
    return this.size;
  }

  /**
   * Writes `rows` in paced chunks, strictly in order, each on one connection held for the chunk's statements. The
   * time measured is the time the connection was held, not the wait for it (busy callers are not the upload's pace).
   */
  async write<T>(db: Db, rows: T[], write: (conn: Db, chunk: T[]) => Promise<void>): Promise<void> {
    for (let at = 0; at < rows.length; ) {
      const chunk = rows.slice(at, at + this.size);
      at += chunk.length;
      await this.writeChunk(db, chunk.length, (conn) => write(conn, chunk));
    }
  }

  /** Writes one chunk of `count` rows already cut (by `rows`) on one connection, then resizes and pauses. */
  async writeChunk(db: Db, count: number, write: (conn: Db) => Promise<void>): Promise<void> {
    const ms = await db.connection().execute(async (conn) => {
      const started = performance.now();
      await write(conn);
      return performance.now() - started;
    });
    this.resize(ms / Math.max(count, 1));
    const gap = Math.max(this.opts.minGapMs, ms * this.opts.gapShare);
    if (gap > 0) await sleep(gap);
  }

  /** The next chunk's rows: halfway from the current size to what the last chunk's pace says fits `targetMs`. */
  private resize(msPerRow: number) {
    const fits = this.opts.targetMs / Math.max(msPerRow, 0.001);
    const next = Math.round((this.size + fits) / 2);
    this.size = Math.min(this.opts.maxRows, Math.max(this.opts.minRows, next));
  }
}
