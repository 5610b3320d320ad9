import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startTestPortal, type TestPortal } from '../../testing/index.js';
import { insertRecords, insertReport } from '../../kinds/ec/fixtures.js';
import { mergePacked, packRows, type PackColumn } from './packed-rows.js';

/** Packed batches (the worker's array literals) read back by the database exactly, and the repeat lookup's plan. */
let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

interface Row {
  text: string | null;
  n: number | null;
  flag: boolean;
  json: Record<string, string>;
}
const COLUMNS: PackColumn<Row>[] = [
  ['text', 'text', (r) => r.text],
  ['n', 'numeric', (r) => r.n],
  ['flag', 'boolean', (r) => r.flag],
  ['json', 'jsonb', (r) => JSON.stringify(r.json)],
];
const TRICKY = ['', 'NULL', 'null', 'a,b', '{x}', 'say "hi"', 'back\\slash', '\\"', ' spaced ', 'line\nbreak\ttab', '日本語テキスト', '😀 emoji', "it's", '=1+1'];

async function readBack(literals: string[]) {
  const res = await sql<{ text: string | null; n: string | null; flag: boolean; json: Record<string, string> }>`
    SELECT * FROM unnest(${literals[0]}::text[], ${literals[1]}::numeric[], ${literals[2]}::boolean[], ${literals[3]}::jsonb[]) AS u(text, n, flag, json)`.execute(tp.portal.services.db);
  return res.rows.map((r) => ({ ...r, n: r.n === null ? null : Number(r.n) }));
}

describe('packed rows', () => {
  it('are read back by the database exactly: quotes, backslashes, braces, the word NULL, empty text, JSON, numbers', async () => {
    const rows: Row[] = TRICKY.map((text, i) => ({ text, n: i % 3 === 0 ? null : i * 1.5, flag: i % 2 === 0, json: { [`k${i}`]: text } }));
    rows.push({ text: null, n: -7, flag: false, json: {} });
    const packed = packRows(COLUMNS, rows);
    expect(packed.size).toBe(rows.length);
    expect(packed.columns).toEqual(['text', 'n', 'flag', 'json']);
    expect(await readBack(packed.literals)).toEqual(rows);
  });

  it('merged from pieces (an empty one among them), keep every row in order with their keys', async () => {
    const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ text: `${TRICKY[i % TRICKY.length]}#${i}`, n: i, flag: i % 3 === 0, json: { i: String(i) } }));
    const pieces = [rows.slice(0, 10), [], rows.slice(10, 11), rows.slice(11)].map((part) => ({ ...packRows(COLUMNS, part), keys: part.map((r) => r.text!) }));
    const merged = mergePacked(pieces);
    expect(merged.size).toBe(23);
    expect(merged.keys).toEqual(rows.map((r) => r.text));
    expect(await readBack(merged.literals)).toEqual(rows);
  });
});

describe('the repeat lookup', () => {
  it("answers which keys the client already has (not another client's), by the URL index whatever the statistics", async () => {
    const db = tp.portal.services.db;
    const [mine, other] = [await createClient(tp, 'Packed Mine'), await createClient(tp, 'Packed Other')];
    // Records never analyzed: the statistics know nothing of this client, as on a first large upload.
    const urls = Array.from({ length: 1500 }, (_, i) => `https://shop.example/packed/${i}`);
    await insertRecords(tp, mine, await insertReport(tp, mine), urls.map((u) => ({ ec_product_url: u })));
    await insertRecords(tp, other, await insertReport(tp, other), [{ ec_product_url: 'https://shop.example/only-other' }]);
    const probe = ['shop.example/packed/3', 'shop.example/packed/1499', 'shop.example/packed/9999', 'shop.example/only-other'];
    const found = await sql<{ url_key: string }>`SELECT ec_known_url_keys(${mine}, ${probe}::text[]) AS url_key`.execute(db);
    expect(found.rows.map((r) => r.url_key).sort()).toEqual(['shop.example/packed/1499', 'shop.example/packed/3']);
    // The function's query, under its own setting: one probe of the URL index per key, never the client's records.
    const plan = await db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const res = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT DISTINCT url_key FROM ec_record WHERE url_key = ANY (${probe}::text[]) AND client_id + 0 = ${mine}`.execute(tx);
      return JSON.stringify(res.rows[0]!['QUERY PLAN']);
    });
    // ec_record_url on each partition (named by PostgreSQL after the partition and the columns).
    expect(plan).toMatch(/"Index Name":"ec_record_p\d+_url_key_client_id_idx"/);
    expect(plan).not.toContain('Seq Scan');
  });
});
