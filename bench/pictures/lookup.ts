import { createClient, migrate, openDatabase, startTestPortal, type Db } from '@portal/server/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { hashColumns, signed } from '../../packages/server/src/records/pictures/hash-index.js';
import { nearestRecords } from '../../packages/server/src/records/pictures/picture-queries.js';
import { seedEcRecords, seedInfringementCategories } from '../ec-dataset.js';

/**
 * Find by picture among a million stored fingerprints (issue 31: "answers in ≤ 200 ms, an index, not a scan"), in
 * PostgreSQL (a database of its own, dropped at the end): one client with ROWS EC records (the benchmark data set,
 * ec-dataset.ts), each with a looked-at picture of random 64-bit hashes, and the real photos' fingerprints and
 * their copies' planted on some of them. Each look-up is the server's own query (nearestRecords: index-only scans
 * of the band indexes, migrations 043 and 048, then bit_count); the plain scan counts the bits of every row, no
 * index. Both must answer the same records.
 *
 * BENCH_KEEP_DB=1 keeps the data set in a database named `portal_bench_pictures` (BENCH_KEEP_DB=<name>: that name)
 * and uses it again on the next run when it holds ROWS records (migrated first, so a new migration's index is
 * there): the load takes about two minutes, a look-up a fraction of a second. Drop it by hand when done.
 */

export interface Planted {
  /** The fingerprints to look up (an original photo's). */
  query: { phash: string; dhash: string };
  /** Fingerprints stored on records: the photo's own and its copies'. */
  stored: { phash: string; dhash: string }[];
}

const ms = (x: number) => Math.round(x * 10) / 10;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const out = await f();
  return [performance.now() - start, out];
}

/** The kept database (BENCH_KEEP_DB), made when missing and migrated; or a test portal's, dropped at the end. */
async function benchDatabase(): Promise<{ db: Db; clientId: number | null; close: () => Promise<void>; makeClient: () => Promise<number> }> {
  const keep = process.env.BENCH_KEEP_DB;
  if (!keep) {
    const tp = await startTestPortal({ checkAnswers: false });
    return { db: tp.portal.services.db, clientId: null, close: () => tp.close(), makeClient: () => createClient(tp, 'Pictures Co') };
  }
  const name = keep === '1' ? 'portal_bench_pictures' : keep;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_KEEP_DB: ${name} is not a plain database name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  await migrate(handle.db);
  const db = handle.db;
  const client = await db.selectFrom('client').select('client_id').where('client_name', '=', 'Pictures Co').executeTakeFirst();
  const makeClient = async () => (await db.insertInto('client').values({ client_name: 'Pictures Co' }).returning('client_id').executeTakeFirstOrThrow()).client_id;
  return { db, clientId: client?.client_id ?? null, close: () => handle.close(), makeClient };
}

export async function lookupBenchmark(rows: number, planted: Planted[], scans: number) {
  const kept = await benchDatabase();
  try {
    const db = kept.db;
    const have = kept.clientId === null ? 0 : Number((await sql<{ n: string }>`SELECT count(*) AS n FROM record_picture WHERE client_id = ${kept.clientId}`.execute(db)).rows[0]!.n);
    if (kept.clientId !== null && have !== rows) throw new Error(`BENCH_KEEP_DB: the kept database holds ${have} pictures, not ${rows}: drop it first`);
    const clientId = kept.clientId ?? (await kept.makeClient());
    const [seedMs] = await timed(async () => {
      if (have === rows) return; // kept from an earlier run
      await seedEcRecords(db, clientId, rows, await seedInfringementCategories(db));
      // Random hashes: two 32-bit hashes of the record's id per 64-bit fingerprint, the bands cut from the pHash.
      const half = (k: number) => sql`(hashint8(r.ec_id * 4 + ${sql.lit(k)})::bigint & 4294967295)`;
      // The ids come from ec_record itself: the foreign key's check of each row (which locks every one of the
      // million records, minutes on this machine) is left out for this load only (superuser's replica role).
      await db.transaction().execute(async (tx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(tx);
        await sql`
          INSERT INTO record_picture (client_id, kind, ec_id, url, state, phash, dhash, band0, band1, band2, band3, looked_at)
          SELECT ${clientId}, 'ec', r.ec_id, 'https://img.example/' || r.ec_id, 'done', h.p, h.d,
            (h.p >> 48) & 65535, (h.p >> 32) & 65535, (h.p >> 16) & 65535, h.p & 65535, now()
          FROM ec_record AS r CROSS JOIN LATERAL (SELECT (${half(0)} << 32) | ${half(1)} AS p, (${half(2)} << 32) | ${half(3)} AS d) AS h
          WHERE r.client_id = ${clientId}`.execute(tx);
      });
    });
    const stored = planted.flatMap((p) => p.stored);
    const ids = (await sql<{ ec_id: string }>`SELECT ec_id FROM ec_record WHERE client_id = ${clientId} AND ec_id % 331 = 0 ORDER BY ec_id LIMIT ${stored.length}`.execute(db)).rows.map((r) => r.ec_id);
    const cols = stored.slice(0, ids.length).map(hashColumns);
    await sql`
      UPDATE record_picture AS p SET phash = v.p, dhash = v.d, band0 = v.b0, band1 = v.b1, band2 = v.b2, band3 = v.b3
      FROM unnest(${ids}::bigint[], ${cols.map((c) => c.phash)}::bigint[], ${cols.map((c) => c.dhash)}::bigint[], ${cols.map((c) => c.band0)}::int[],
        ${cols.map((c) => c.band1)}::int[], ${cols.map((c) => c.band2)}::int[], ${cols.map((c) => c.band3)}::int[]) AS v (id, p, d, b0, b1, b2, b3)
      WHERE p.ec_id = v.id`.execute(db);
    // What autovacuum does after a load in production (this CI server runs without it): statistics of both tables,
    // and the visibility map the band indexes' index-only scans rely on. Without ec_record's statistics the planner
    // took the table for empty and joined the near pictures to every one of its million records.
    await sql`VACUUM ANALYZE record_picture`.execute(db);
    await sql`VACUUM ANALYZE ec_record`.execute(db);
    const pictures = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM record_picture WHERE client_id = ${clientId}`.execute(db)).rows[0]!.n);

    const everyone = sql<boolean>`true`;
    const look = (hash: string) => nearestRecords(db, 'ec', clientId, hash, everyone, 100);
    // The look-up's answer the long way: every row's bits counted, no band condition.
    const scan = async (hash: string) =>
      (
        await sql<{ id: string; distance: number }>`
          WITH near AS MATERIALIZED (
            SELECT p.ec_id AS id, d.p FROM record_picture AS p
            CROSS JOIN LATERAL (SELECT bit_count((p.phash # ${signed(hash)}::bigint)::bit(64)) AS p) AS d
            WHERE p.client_id = ${clientId} AND p.kind = 'ec' AND p.state = 'done' AND d.p <= 11
          )
          SELECT r.ec_id AS id, near.p AS distance FROM near JOIN ec_record AS r ON r.ec_id = near.id
          ORDER BY near.p, r.ec_id DESC LIMIT 100`.execute(db)
      ).rows.map((r) => ({ id: Number(r.id), distance: Number(r.distance) }));

    await look(planted[0]!.query.phash); // the first look-up reads the indexes from disk: not a steady state
    const lookMs: number[] = [];
    let found = 0;
    for (const p of planted) {
      const [ms, answer] = await timed(() => look(p.query.phash));
      lookMs.push(ms);
      found += answer.length;
    }
    const scanMs: number[] = [];
    let agree = 0;
    for (const p of planted.slice(0, scans)) {
      const [ms, answer] = await timed(() => scan(p.query.phash));
      scanMs.push(ms);
      if (JSON.stringify(answer) === JSON.stringify(await look(p.query.phash))) agree += 1;
    }
    return {
      pictures, planted: ids.length, seedSeconds: Math.round(seedMs / 100) / 10, lookups: lookMs.length, found,
      p50: ms(percentile(lookMs, 50)), p95: ms(percentile(lookMs, 95)), max: ms(Math.max(...lookMs)),
      scans: scanMs.length, scanP50: ms(percentile(scanMs, 50)), scanP95: ms(percentile(scanMs, 95)), sameAnswers: agree,
    };
  } finally {
    await kept.close();
  }
}
