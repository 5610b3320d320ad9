import { Role } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/database.js';
import { createUser, startTestPortal } from '../../testing/index.js';
import { migrate, type Db } from '../db.js';
import { moveRecordsOnline } from './online-move.js';

/**
 * The record tables moved into partitions on a database with data, as an upgrade finds it (migrated up to 050):
 * online in batches while rows are written between them, and by the start-time migration on a small one.
 */
const BEFORE = '050_picture_reread';
const TABLES = ['ec_record', 'ws_record', 'sns_record', 'ec_record_history', 'ws_record_history', 'sns_record_history'];

async function seed(db: Db): Promise<number[]> {
  const clients = (await sql<{ id: number }>`INSERT INTO client (client_name) SELECT 'Client ' || g FROM generate_series(1, 3) g RETURNING client_id AS id`.execute(db)).rows.map((r) => r.id);
  for (const c of clients) {
    await sql`
      WITH ec AS (INSERT INTO ec_report (client_id, report_name, upload_date) VALUES (${c}, 'EC', now()) RETURNING report_id),
           ws AS (INSERT INTO ws_report (client_id, report_name, upload_date) VALUES (${c}, 'WS', now()) RETURNING report_id),
           sns AS (INSERT INTO sns_report (client_id, report_name, upload_date) VALUES (${c}, 'SNS', now()) RETURNING report_id),
           e AS (INSERT INTO ec_record (client_id, report_id, ec_site, ec_scan_date, ec_product_title, ec_product_url, url_key, published, updated_at)
                 SELECT ${c}, ec.report_id, 'Amazon', '2024-05-01', 'Listing ' || g, 'https://shop.example/' || ${c} || '/' || g, 'shop.example/' || ${c} || '/' || g, true, now()
                 FROM ec, generate_series(1, 1200) g RETURNING 1),
           w AS (INSERT INTO ws_record (client_id, report_id, page_url, updated_at) SELECT ${c}, ws.report_id, 'https://site.example/' || g, now() FROM ws, generate_series(1, 300) g RETURNING 1),
           s AS (INSERT INTO sns_record (client_id, report_id, platform, account_url, post_url, updated_at)
                 SELECT ${c}, sns.report_id, 1, 'https://x.example/a' || g, 'https://x.example/p' || g, now() FROM sns, generate_series(1, 300) g RETURNING 1)
      SELECT (SELECT count(*) FROM e), (SELECT count(*) FROM w), (SELECT count(*) FROM s)`.execute(db);
  }
  for (const [kind, table, id] of [['ec', 'ec_record', 'ec_id'], ['ws', 'ws_record', 'ws_id'], ['sns', 'sns_record', 'sns_id']] as const) {
    await sql`INSERT INTO ${sql.table(`${table}_history`)} (record_id, client_id, source, fields, created_at) SELECT ${sql.ref(id)}, client_id, 'update', '{"x":1}', now() FROM ${sql.table(table)}`.execute(db);
    await sql`INSERT INTO record_picture (client_id, kind, url, state, ${sql.ref(id)}) SELECT client_id, ${kind}, 'https://img.example/' || ${sql.ref(id)}, 'pending', ${sql.ref(id)} FROM ${sql.table(table)} WHERE ${sql.ref(id)} % 10 = 0`.execute(db);
    await sql`INSERT INTO evidence_capture (client_id, kind, url, state, requested_at, ${sql.ref(id)}) SELECT client_id, ${kind}, 'https://shot.example/' || ${sql.ref(id)}, 'pending', now(), ${sql.ref(id)} FROM ${sql.table(table)} WHERE ${sql.ref(id)} % 7 = 0`.execute(db);
  }
  await sql`INSERT INTO triage_price_score (ec_id, client_id, price_usd, peer_group, peer_count, computed_at) SELECT ec_id, client_id, 10, 'g', 3, now() FROM ec_record WHERE ec_id % 5 = 0`.execute(db);
  return clients;
}

const count = async (db: Db, from: string, where = sql`true`) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(from)} WHERE ${where}`.execute(db)).rows[0]!.n);
const kinds = async (db: Db) => (await sql<{ relkind: string }>`SELECT relkind FROM pg_class WHERE relname = ANY(${TABLES}) ORDER BY relname`.execute(db)).rows.map((r) => r.relkind);
/** Every row of the record tables and their references, as one fingerprint per table. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of [...TABLES, 'record_picture', 'evidence_capture', 'triage_price_score']) {
    const { rows } = await sql<{ md5: string; n: string }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5, count(*) AS n FROM ${sql.table(t)} t`.execute(db);
    out[t] = `${rows[0]!.n}:${rows[0]!.md5}`;
  }
  return out;
}

describe('the record tables partitioned by client', () => {
  it('moves online in batches: every row once, rows written meanwhile kept, references intact, the portal answers', async () => {
    const database = await openTestDatabase({ blank: true });
    const db = database.db;
    await migrate(db, BEFORE);
    const [a, b] = await seed(db);
    const firstBatch = new Set<string>();
    let late = 0;
    const result = await moveRecordsOnline(db, {
      batchSize: 500,
      afterBatch: async (table) => {
        if (firstBatch.has(table)) return;
        firstBatch.add(table);
        // As the running portal would, between two batches: new rows, a copied and a not yet copied row changed,
        // a copied and a not yet copied row removed (their history, pictures and evidence go with them).
        if (table === 'ec_record') {
          const made = await sql<{ ec_id: string }>`
            INSERT INTO ec_record (client_id, report_id, ec_site, ec_product_title, ec_product_url, url_key, published, updated_at)
            SELECT ${b}, report_id, 'Amazon', 'Written during the move', 'https://late.example/1', 'late.example/1', true, now() FROM ec_report WHERE client_id = ${b} RETURNING ec_id`.execute(db);
          late = Number(made.rows[0]!.ec_id);
          await sql`INSERT INTO ec_record_history (record_id, client_id, source, fields, created_at) VALUES (${late}, ${b}, 'update', '{"late":1}', now())`.execute(db);
          await sql`UPDATE ec_record SET ec_product_title = 'Changed after its copy' WHERE ec_id = 3`.execute(db);
          await sql`UPDATE ec_record SET ec_product_title = 'Changed before its copy' WHERE ec_id = 3000`.execute(db);
          await sql`DELETE FROM ec_record WHERE ec_id IN (10, 2990)`.execute(db);
        }
        if (table === 'ws_record_history') await sql`INSERT INTO ws_record_history (record_id, client_id, source, fields, created_at) VALUES (1, ${a}, 'update', '{"late":2}', now())`.execute(db);
      },
    });
    expect(result).toMatchObject({ already: false, swapAttempts: 1 });
    expect(await kinds(db)).toEqual(['p', 'p', 'p', 'p', 'p', 'p']);

    // Every row once: 3 x 1,200 EC records, one written and two removed meanwhile; the histories likewise.
    expect(await count(db, 'ec_record')).toBe(3600 + 1 - 2);
    expect(await count(db, 'ec_record_history')).toBe(3600 + 1 - 2);
    expect(await count(db, 'ws_record_history')).toBe(900 + 1);
    expect(Number((await sql<{ n: string }>`SELECT count(DISTINCT ec_id) AS n FROM ec_record`.execute(db)).rows[0]!.n)).toBe(3599);
    const titles = await sql<{ ec_id: string; ec_product_title: string }>`SELECT ec_id, ec_product_title FROM ec_record WHERE ec_id IN (3, 3000, ${late}) ORDER BY ec_id`.execute(db);
    expect(titles.rows.map((r) => r.ec_product_title)).toEqual(['Changed after its copy', 'Changed before its copy', 'Written during the move']);
    expect(await count(db, 'record_picture', sql`ec_id IN (10, 2990)`)).toBe(0);
    expect(await count(db, 'ec_record_history', sql`record_id IN (10, 2990)`)).toBe(0);

    // The references are (client_id, record id), validated, and still cascade.
    const fks = await sql<{ def: string; valid: boolean }>`
      SELECT pg_get_constraintdef(oid) AS def, convalidated AS valid FROM pg_constraint
      WHERE contype = 'f' AND confrelid = 'ec_record'::regclass AND conrelid::regclass::text IN ('record_picture', 'evidence_capture', 'triage_price_score', 'ec_record_history') ORDER BY 1`.execute(db);
    expect(fks.rows).toHaveLength(4);
    for (const fk of fks.rows) expect(fk).toMatchObject({ def: expect.stringMatching(/^FOREIGN KEY \(client_id, (ec_id|record_id)\) REFERENCES ec_record\(client_id, ec_id\) ON DELETE CASCADE$/), valid: true });
    await sql`DELETE FROM ec_record WHERE ec_id = 20`.execute(db);
    for (const t of ['record_picture', 'evidence_capture', 'triage_price_score']) expect(await count(db, t, sql`ec_id = 20`)).toBe(0);
    expect(await count(db, 'ec_record_history', sql`record_id = 20`)).toBe(0);
    // The old tables' triggers (rollups, re-checks) and their id sequences moved with them.
    const triggers = await sql<{ tgname: string }>`SELECT tgname FROM pg_trigger WHERE tgrelid = 'ec_record'::regclass AND NOT tgisinternal ORDER BY tgname`.execute(db);
    expect(triggers.rows.map((r) => r.tgname)).toContain('dashboard_insert');
    expect(triggers.rows.map((r) => r.tgname)).not.toContain('partition_sync');

    // The start-time migration then finds them partitioned and changes nothing.
    const moved = await fingerprint(db);
    await migrate(db);
    expect(await fingerprint(db)).toEqual(moved);
    expect(await kinds(db)).toEqual(['p', 'p', 'p', 'p', 'p', 'p']);

    const tp = await startTestPortal({ database });
    try {
      const user = await createUser(tp, { role: Role.CLIENT, clientId: b! });
      const listed = await tp.post('/api/ec-data/search-records', { clientId: b }, { token: user.token });
      expect(listed.body).toMatchObject({ code: 0, data: { total: 1201 } });
      const detail = await tp.post('/api/ec-data/get-record', { clientId: b, recordId: late }, { token: user.token });
      expect(detail.body).toMatchObject({ code: 0, data: { record: { ec_id: late, ec_product_title: 'Written during the move' } } });
      const next = await sql<{ ec_id: string }>`
        INSERT INTO ec_record (client_id, report_id, ec_site, ec_product_title, ec_product_url, url_key, updated_at)
        SELECT ${a}, report_id, 'Amazon', 'After', 'https://after.example/', 'after.example', now() FROM ec_report WHERE client_id = ${a} RETURNING ec_id`.execute(db);
      expect(Number(next.rows[0]!.ec_id)).toBeGreaterThan(late);
    } finally {
      await tp.close();
    }
  }, 300_000);

  it('is converted by the start-time migration on a small database, every row kept', async () => {
    const database = await openTestDatabase({ blank: true });
    try {
      await migrate(database.db, BEFORE);
      await seed(database.db);
      const before = await fingerprint(database.db);
      await migrate(database.db);
      expect(await kinds(database.db)).toEqual(['p', 'p', 'p', 'p', 'p', 'p']);
      expect(await fingerprint(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 300_000);
});
