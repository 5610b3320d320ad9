import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startTestPortal, type TestPortal } from '../../testing/index.js';
import { hashColumns, INDEX_REACH } from './hash-index.js';
import { nearestRecords, nearPictures } from './picture-queries.js';

/**
 * The look-up among a client's listing pictures (nearPictures, migration 048) on a few thousand stored fingerprints:
 * the same answers as counting the bits of every row, and a plan that reads the band indexes alone.
 */

let tp: TestPortal;
let acme: number;
let other: number;
const QUERY = 'a5c3f00f0ff0c35a';
/** Stored fingerprints: QUERY with these bits flipped (16 bits a band, band0 the high one). */
const NEAR: number[][] = [
  [],
  [1, 17, 40],
  [0, 1, 2, 16, 17, 18, 32, 33],
  // 11 bits, 3 + 3 + 3 + 2: only the last band is within 2 bits, the index still finds it.
  [0, 1, 2, 16, 17, 18, 32, 33, 34, 48, 49],
  // 12 bits, 3 in each band: beyond INDEX_REACH, never found.
  [0, 1, 2, 16, 17, 18, 32, 33, 34, 48, 49, 50],
];
const RANDOM = 3000;

const flip = (hex: string, bits: number[]) => bits.reduce((x, b) => x ^ (1n << BigInt(63 - b)), BigInt(`0x${hex}`)).toString(16).padStart(16, '0');
const distance = (a: string, b: string) => [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter((c) => c === '1').length;
/** A seeded generator (mulberry32): the same random hashes on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Records of the client, each with a looked-at picture of the given pHash: their ids in the order given. */
async function storePictures(clientId: number, hashes: string[]): Promise<number[]> {
  const db = tp.portal.services.db;
  const report = (await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'r', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id;
  const ids = (
    await sql<{ ec_id: string }>`
      INSERT INTO ec_record (client_id, report_id, ec_site, ec_scan_date, ec_product_title, ec_product_url, url_key, published, updated_at)
      SELECT ${clientId}, ${report}, 'Mart', '2026-11-01', 'Bag', 'https://mart.example/item/' || n, 'https://mart.example/item/' || n, true, now()
      FROM generate_series(1, ${hashes.length}) AS n ORDER BY n RETURNING ec_id`.execute(db)
  ).rows.map((r) => Number(r.ec_id));
  const cols = hashes.map((phash) => hashColumns({ phash, dhash: phash }));
  await sql`
    INSERT INTO record_picture (client_id, kind, ec_id, url, state, phash, dhash, band0, band1, band2, band3, looked_at)
    SELECT ${clientId}, 'ec', v.id, 'https://img.example/' || v.id, 'done', v.p, v.p, v.b0, v.b1, v.b2, v.b3, now()
    FROM unnest(${ids}::bigint[], ${cols.map((c) => c.phash)}::bigint[], ${cols.map((c) => c.band0)}::int[], ${cols.map((c) => c.band1)}::int[],
      ${cols.map((c) => c.band2)}::int[], ${cols.map((c) => c.band3)}::int[]) AS v (id, p, b0, b1, b2, b3)`.execute(db);
  return ids;
}

const stored: { id: number; phash: string }[] = [];

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  const next = random(31);
  const hashes = [...NEAR.map((bits) => flip(QUERY, bits)), ...Array.from({ length: RANDOM }, () => `${next().toString(16).padStart(8, '0')}${next().toString(16).padStart(8, '0')}`)];
  const ids = await storePictures(acme, hashes);
  stored.push(...ids.map((id, i) => ({ id, phash: hashes[i]! })));
  await storePictures(other, [QUERY]); // another client's: never an answer
  await sql`VACUUM ANALYZE record_picture`.execute(tp.portal.services.db);
}, 120_000);
afterAll(async () => tp?.close());

describe('the look-up by picture among stored fingerprints', () => {
  it('answers what counting the bits of every row answers, within INDEX_REACH, nearest first', async () => {
    const expected = stored
      .map((s) => ({ id: s.id, distance: distance(s.phash, QUERY) }))
      .filter((s) => s.distance <= INDEX_REACH)
      .sort((a, b) => a.distance - b.distance || b.id - a.id);
    // The planted ones at 0, 3, 8 and 11 bits, not the one at 12 (random hashes are about 32 bits apart).
    expect(expected.slice(0, 4).map((e) => e.distance)).toEqual([0, 3, 8, 11]);
    expect(expected.map((e) => e.id)).not.toContain(stored[4]!.id);
    expect(await nearestRecords(tp.portal.services.db, 'ec', acme, QUERY, sql<boolean>`true`, 100)).toEqual(expected);
  });

  it('reads each band index alone (index-only scans) when the planner may not read the table instead', async () => {
    // Tiny tables are read whole when allowed; with that and bitmaps ruled out, the index-only scan is there only
    // when the indexes carry the hashes (an index without them gives "Index Scan").
    const plan = await tp.portal.services.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
      return (await sql<Record<string, string>>`EXPLAIN SELECT * FROM ${nearPictures(acme, QUERY)} AS c`.execute(tx)).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan.match(/Index Only Scan using record_picture_band\d/g)?.sort()).toEqual([0, 1, 2, 3].map((i) => `Index Only Scan using record_picture_band${i}`));
  });
});
