import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { RECORD_TABLES } from '../core/tables.js';
import { nearBand, bandsOf, signed, upperColumns, INDEX_REACH } from './hash-index.js';
import type { Hashes } from './fingerprint.js';
import type { FoundWordMark, WordMark } from './wordmark.js';
import { DEFAULT_DISTANCE, DHASH_CONFIRM, UPPER, WIDE } from './same-photo.js';

/**
 * The SQL of listing pictures and genuine photos (migration 043): which records have a picture to look at, their
 * state and fingerprints, and the matches between fingerprints, each found through the band indexes
 * (hash-index.ts) and confirmed by counting bits in the database.
 */

type Conn = Db | Tx;

/** The kinds whose records carry a picture address (WS records have none), with the column of the seller. */
export const PICTURE_SOURCES = {
  ec: { url: 'ec_product_image_url', seller: 'ec_product_seller' },
  sns: { url: 'image_url', seller: 'account_id' },
} as const;
export type PictureKind = keyof typeof PICTURE_SOURCES;
export const isPictureKind = (kind: string): kind is PictureKind => kind in PICTURE_SOURCES;

// The same-photo test's numbers, shared with its pure TypeScript form (same-photo.ts).
export { DEFAULT_DISTANCE, DHASH_CONFIRM } from './same-photo.js';

const WEB_ADDRESS = '^\\s*https?://';
const distanceOf = (column: string, hash: string) => sql<number>`bit_count((${sql.ref(column)} # ${signed(hash)}::bigint)::bit(64))`;
const clientDistance = (clientId: number) => sql<number>`COALESCE((SELECT picture_distance FROM client_setting WHERE client_id = ${clientId}), ${DEFAULT_DISTANCE})`;

/**
 * The client's looked-at pictures (`picture_id`, of every kind) whose pHash is within reach of `hash`, with their
 * distance `p`: a sub-query to join record_picture on. Each band is asked apart and the bits are counted in its
 * index (migrations 048, 049: the band indexes carry the hashes), so the about 8,400 candidates among a million are
 * read from four index-only scans. The four bands ORed in one condition made a bitmap of them and read each one's
 * table row, one random page each: 400 ms and more a look-up (docs/benchmarks.md, "Pictures").
 * `bits` per band: 2 reaches INDEX_REACH (11), 3 the wide test's 15 (same-photo.ts); `part` 'upper' asks the
 * pictures' upper parts (migration 049) instead of the whole.
 */
export function nearPictures(clientId: number, hash: string, opts: { bits?: number; part?: 'whole' | 'upper' } = {}): RawBuilder<{ picture_id: number; p: number }> {
  const bits = opts.bits ?? 2;
  const upper = opts.part === 'upper';
  const column = upper ? 'upper_phash' : 'phash';
  // Four bands, each within `bits`: any hash within 4 × (bits + 1) − 1 has one band that near (pigeonhole).
  const reach = 4 * (bits + 1) - 1;
  const branch = (band: number, i: number) => sql`
    SELECT picture_id, ${distanceOf(column, hash)} AS p FROM record_picture
    WHERE client_id = ${clientId} AND state = 'done' ${upper ? sql`AND upper_phash IS NOT NULL` : sql``}
      AND ${sql.ref(`${upper ? 'upper_band' : 'band'}${i}`)} = ANY(${nearBand(band, bits)}::int[]) AND ${distanceOf(column, hash)} <= ${reach}`;
  // UNION: a picture near on two bands is one row (its distance is the same).
  return sql`(${sql.join(bandsOf(hash).map(branch), sql` UNION `)})`;
}

/** The same-photo decision's near or wide test (same-photo.ts) on distances `p` and `d`, at the client's distance. */
const nearOrWide = (p: RawBuilder<number>, d: RawBuilder<number>, limit: RawBuilder<number>) =>
  sql<SqlBool>`((${p} <= ${limit} AND ${d} <= ${DHASH_CONFIRM}) OR (${p} <= (${limit} * ${WIDE.fifths}) / 5 AND ${d} <= ${WIDE.dhash}))`;

/**
 * Brings the client's picture rows of a kind in line with its records: a pending row for each record whose picture
 * address is new or changed (a changed one loses its fingerprints and matches), none for a record without one.
 * Answers whether anything is pending.
 */
export async function syncPictures(db: Conn, clientId: number, kind: PictureKind): Promise<boolean> {
  const t = RECORD_TABLES[kind];
  const url = sql.ref(`r.${PICTURE_SOURCES[kind].url}`);
  const id = sql.ref(t.id);
  await sql`
    DELETE FROM record_picture AS p USING ${sql.table(t.records)} AS r
    WHERE p.client_id = ${clientId} AND p.${id} = r.${id} AND (NOT ${url} ~* ${WEB_ADDRESS} OR p.url <> left(btrim(${url}), 2000))`.execute(db);
  await sql`
    INSERT INTO record_picture (client_id, kind, ${id}, url, state)
    SELECT r.client_id, ${kind}, r.${id}, left(btrim(${url}), 2000), 'pending' FROM ${sql.table(t.records)} AS r
    WHERE r.client_id = ${clientId} AND ${url} ~* ${WEB_ADDRESS}
      AND NOT EXISTS (SELECT 1 FROM record_picture AS p WHERE p.${id} = r.${id})`.execute(db);
  const pending = await sql`SELECT 1 FROM record_picture WHERE client_id = ${clientId} AND kind = ${kind} AND state = 'pending' LIMIT 1`.execute(db);
  return pending.rows.length > 0;
}

export interface PendingPicture {
  picture_id: number;
  url: string;
  /** Fingerprints kept from an earlier look (a pending row to be matched again only: set-picture-settings). */
  phash: string | null;
  dhash: string | null;
  /** Its upper part's, NULL when it was looked at before migration 049. */
  upper_phash: string | null;
  upper_dhash: string | null;
}

const hexOf = (column: string) => sql<string | null>`lpad(to_hex(${sql.ref(column)}), 16, '0')`;

/**
 * The client's marks version (migration 050), read before its marks: a mark saved in between is then read under the
 * older version, and its pictures read once more, never once too few.
 */
export async function marksVersionOf(db: Conn, clientId: number): Promise<number> {
  const row = await db.selectFrom('client_setting').select('picture_marks_version').where('client_id', '=', clientId).executeTakeFirst();
  return row?.picture_marks_version ?? 0;
}

/** A word or design mark of the client was added or changed: its pictures read before are to be read again. */
export async function marksChanged(db: Conn, clientId: number): Promise<void> {
  await sql`
    INSERT INTO client_setting (client_id, picture_marks_version) VALUES (${clientId}, 1)
    ON CONFLICT (client_id) DO UPDATE SET picture_marks_version = client_setting.picture_marks_version + 1`.execute(db);
}

/**
 * The next of the client's pictures of a kind read under an older marks version, to be fetched and read again
 * (their fingerprints are fetched again with them: `phash` null). They keep their state and matches meanwhile.
 */
export async function unreadPictures(db: Conn, clientId: number, kind: PictureKind, version: number, limit: number): Promise<PendingPicture[]> {
  return db
    .selectFrom('record_picture')
    .select(['picture_id', 'url', sql<null>`NULL`.as('phash'), sql<null>`NULL`.as('dhash'), sql<null>`NULL`.as('upper_phash'), sql<null>`NULL`.as('upper_dhash')])
    .where('client_id', '=', clientId)
    .where('kind', '=', kind)
    .where('state', '=', 'done')
    .where('read_version', '<', version)
    .orderBy('read_version')
    .orderBy('picture_id')
    .limit(limit)
    .execute();
}

/** A picture read again that could not be had this time keeps what was found before; it is not tried again. */
export async function keepUnread(tx: Conn, pictureId: number, version: number): Promise<void> {
  await tx.updateTable('record_picture').set({ read_version: version }).where('picture_id', '=', pictureId).execute();
}

/** The next pending pictures of the client's records of a kind, oldest first. */
export async function pendingPictures(db: Conn, clientId: number, kind: PictureKind, limit: number): Promise<PendingPicture[]> {
  return db
    .selectFrom('record_picture')
    .select(['picture_id', 'url', hexOf('phash').as('phash'), hexOf('dhash').as('dhash'), hexOf('upper_phash').as('upper_phash'), hexOf('upper_dhash').as('upper_dhash')])
    .where('client_id', '=', clientId)
    .where('kind', '=', kind)
    .where('state', '=', 'pending')
    .orderBy('picture_id')
    .limit(limit)
    .execute();
}

/**
 * A picture looked at: its fingerprints, or why it has none. Its earlier matches go either way, but for its word
 * marks and logos when it was only matched again (not read again: no `words`).
 */
export async function settlePicture(tx: Conn, pictureId: number, now: Date, outcome: { phash: string; dhash: string; upper: Hashes | null; words?: unknown } | { reason: string }, version = 0): Promise<void> {
  const read = 'reason' in outcome || outcome.words !== undefined;
  await sql`DELETE FROM picture_match WHERE (picture_id = ${pictureId} AND (kind NOT IN ('wordmark', 'logo') OR ${read})) OR other_picture_id = ${pictureId}`.execute(tx);
  if ('reason' in outcome) {
    await tx.updateTable('record_picture').set({ state: 'failed', reason: outcome.reason, looked_at: now }).where('picture_id', '=', pictureId).execute();
    return;
  }
  const [band0, band1, band2, band3] = bandsOf(outcome.phash);
  const upper = outcome.upper ? upperColumns(outcome.upper) : { upper_phash: null, upper_dhash: null, upper_band0: null, upper_band1: null, upper_band2: null, upper_band3: null };
  await tx
    .updateTable('record_picture')
    .set({ state: 'done', reason: null, phash: signed(outcome.phash), dhash: signed(outcome.dhash), band0, band1, band2, band3, ...upper, looked_at: now, ...(read ? { read_version: version } : {}) })
    .where('picture_id', '=', pictureId)
    .execute();
}

/**
 * The matches of a picture just fingerprinted: the client's genuine photos it is the same photo as (same-photo.ts
 * isSameAsGenuine), and the client's other pictures of the same kind that are the same picture from another seller
 * (a blank seller counts as another), both ways round: within the client's distance on the pHash, confirmed by the
 * dHash (isSamePhoto).
 */
export async function matchPicture(tx: Conn, clientId: number, kind: PictureKind, pictureId: number, f: { phash: string; dhash: string; upper: Hashes | null }): Promise<void> {
  const limit = clientDistance(clientId);
  // A genuine photo's own hashes or one of its windows' (crops and the mirror image: fingerprint.ts) by the near or
  // wide test, or its upper part by the upper test; the nearest kept (an upper part's distance is that part's).
  const upper = f.upper
    ? sql`UNION ALL SELECT g.upper_phash, g.upper_dhash, true WHERE g.upper_phash IS NOT NULL`
    : sql``;
  const p = f.upper ? sql<number>`CASE WHEN h.is_upper THEN ${distanceOf('h.phash', f.upper.phash)} ELSE ${distanceOf('h.phash', f.phash)} END` : distanceOf('h.phash', f.phash);
  const d = f.upper ? sql<number>`CASE WHEN h.is_upper THEN ${distanceOf('h.dhash', f.upper.dhash)} ELSE ${distanceOf('h.dhash', f.dhash)} END` : distanceOf('h.dhash', f.dhash);
  await sql`
    INSERT INTO picture_match (picture_id, kind, photo_id, phash_distance, dhash_distance)
    SELECT ${pictureId}, 'same-photo', g.photo_id, best.p, best.d FROM genuine_photo AS g
    CROSS JOIN LATERAL (
      SELECT d.p, d.d FROM (
        SELECT g.phash, g.dhash, false AS is_upper
        UNION ALL SELECT w.phash, w.dhash, false FROM unnest(g.window_phash, g.window_dhash) AS w (phash, dhash)
        ${upper}
      ) AS h
      CROSS JOIN LATERAL (SELECT ${p} AS p, ${d} AS d) AS d
      WHERE (NOT h.is_upper AND ${nearOrWide(sql`d.p`, sql`d.d`, limit)}) OR (h.is_upper AND d.p <= ${limit} - ${UPPER.less} AND d.d <= ${UPPER.dhash})
      ORDER BY d.p, d.d LIMIT 1
    ) AS best
    WHERE g.client_id = ${clientId}`.execute(tx);
  const t = RECORD_TABLES[kind];
  const id = sql.ref(t.id);
  const seller = (alias: string) => sql.ref(`${alias}.${PICTURE_SOURCES[kind].seller}`);
  await sql`
    INSERT INTO picture_match (picture_id, kind, other_picture_id, phash_distance, dhash_distance)
    SELECT pair.a, 'shared-photo', pair.b, found.p, found.d FROM (
      SELECT o.picture_id, d.p, d.d FROM ${nearPictures(clientId, f.phash)} AS near
      JOIN record_picture AS o ON o.picture_id = near.picture_id
      JOIN ${sql.table(t.records)} AS r ON r.${id} = o.${id} AND r.client_id = ${clientId}
      JOIN ${sql.table(t.records)} AS mine ON mine.${id} = (SELECT x.${id} FROM record_picture AS x WHERE x.picture_id = ${pictureId}) AND mine.client_id = ${clientId}
      CROSS JOIN LATERAL (SELECT ${distanceOf('o.phash', f.phash)} AS p, ${distanceOf('o.dhash', f.dhash)} AS d) AS d
      WHERE o.kind = ${kind} AND o.picture_id <> ${pictureId} AND d.p <= LEAST(${limit}, ${INDEX_REACH}) AND d.d <= ${DHASH_CONFIRM}
        AND NOT (btrim(${seller('r')}) <> '' AND lower(btrim(${seller('r')})) = lower(btrim(${seller('mine')})))
    ) AS found
    CROSS JOIN LATERAL (VALUES (${pictureId}::int, found.picture_id), (found.picture_id, ${pictureId}::int)) AS pair (a, b)
    ON CONFLICT DO NOTHING`.execute(tx);
}

/**
 * The words to look for in the client's pictures: its trademarks' word marks, then its brand names (a brand name that
 * is also a trademark's word is found as the trademark: findWordMarks names each word once, the first first).
 */
export async function wordMarksOf(db: Conn, clientId: number): Promise<WordMark[]> {
  const marks = await db.selectFrom('trademark').select(['trademark_id', 'text']).where('client_id', '=', clientId).where('text', '<>', '').orderBy('trademark_id').execute();
  const brands = await db.selectFrom('brand').select(['brand_id', 'brand_name']).where('client_id', '=', clientId).orderBy('brand_id').execute();
  return [
    ...marks.map((m) => ({ trademarkId: m.trademark_id, brandId: null, text: m.text })),
    ...brands.map((b) => ({ trademarkId: null, brandId: b.brand_id, text: b.brand_name })),
  ];
}

/** The word marks read in a picture, as its matches (its earlier ones went when it was settled). */
export async function insertWordMarks(tx: Conn, pictureId: number, found: FoundWordMark[]): Promise<void> {
  if (found.length === 0) return;
  await tx
    .insertInto('picture_match')
    .values(found.map((f) => ({ picture_id: pictureId, kind: 'wordmark' as const, trademark_id: f.trademarkId, brand_id: f.brandId, found_text: f.found.slice(0, 200), phash_distance: null, dhash_distance: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The client's pictures already looked at, back to pending with their fingerprints, word marks and logos kept and their
 * other matches dropped:
 * the pictures job matches them again (under a changed threshold) without fetching them again.
 */
export async function rematchClient(db: Conn, clientId: number): Promise<void> {
  await sql`DELETE FROM picture_match AS m USING record_picture AS p WHERE m.picture_id = p.picture_id AND p.client_id = ${clientId} AND m.kind NOT IN ('wordmark', 'logo')`.execute(db);
  await db.updateTable('record_picture').set({ state: 'pending' }).where('client_id', '=', clientId).where('state', '=', 'done').execute();
}

/**
 * The same-photo matches of a genuine photo just added, among the client's pictures already looked at: by its own
 * hashes and by each window's (`prints`) with the near or wide test, and by its upper part (`upper`) with the upper
 * test, a picture keeping the nearest, as matchPicture does.
 */
export async function matchGenuinePhoto(tx: Conn, clientId: number, photoId: number, prints: Hashes[], upper: Hashes | null): Promise<void> {
  const limit = sql<number>`LEAST(${clientDistance(clientId)}, ${INDEX_REACH})`;
  // The wide test reaches seven fifths of INDEX_REACH, 15 bits: one band within 3 bits.
  for (const f of prints) {
    await insertGenuineMatches(tx, photoId, sql`
      SELECT p.picture_id, near.p, d.d FROM ${nearPictures(clientId, f.phash, { bits: 3 })} AS near
      JOIN record_picture AS p ON p.picture_id = near.picture_id
      CROSS JOIN LATERAL (SELECT ${distanceOf('p.dhash', f.dhash)} AS d) AS d
      WHERE ${nearOrWide(sql`near.p`, sql`d.d`, limit)}`);
  }
  if (!upper) return;
  await insertGenuineMatches(tx, photoId, sql`
    SELECT p.picture_id, near.p, d.d FROM ${nearPictures(clientId, upper.phash, { part: 'upper' })} AS near
    JOIN record_picture AS p ON p.picture_id = near.picture_id
    CROSS JOIN LATERAL (SELECT ${distanceOf('p.upper_dhash', upper.dhash)} AS d) AS d
    WHERE near.p <= ${limit} - ${UPPER.less} AND d.d <= ${UPPER.dhash}`);
}

/** Same-photo matches of a genuine photo from rows (picture_id, p, d), each picture keeping its nearest. */
async function insertGenuineMatches(tx: Conn, photoId: number, found: RawBuilder<unknown>): Promise<void> {
  await sql`
    INSERT INTO picture_match (picture_id, kind, photo_id, phash_distance, dhash_distance)
    SELECT found.picture_id, 'same-photo', ${photoId}, found.p, found.d FROM (${found}) AS found (picture_id, p, d)
    ON CONFLICT (picture_id, photo_id) DO UPDATE SET phash_distance = EXCLUDED.phash_distance, dhash_distance = EXCLUDED.dhash_distance
      WHERE EXCLUDED.phash_distance < picture_match.phash_distance`.execute(tx);
}

export interface PictureAnswerRow {
  record_id: number;
  state: 'pending' | 'done' | 'failed';
  reason: string | null;
  match_kind: 'same-photo' | 'shared-photo' | 'wordmark' | 'logo' | null;
  photo_id: number | null;
  trademark_id: number | null;
  trademark_text: string | null;
  trademark_no: string | null;
  trademark_region: string | null;
  trademark_image: string | null;
  brand_id: number | null;
  brand_name: string | null;
  found_text: string | null;
  photo_brand: string | null;
  photo_name: string | null;
  other_record_id: number | null;
  other_seller: string | null;
  other_published: boolean | null;
  phash_distance: number | null;
  dhash_distance: number | null;
  score: number | null;
  box_x: number | null;
  box_y: number | null;
  box_w: number | null;
  box_h: number | null;
}

/** The picture state and matches of some records of a kind (one page's rows), nearest match first. */
export async function picturesOfRecords(db: Conn, kind: PictureKind, clientId: number, recordIds: number[]): Promise<PictureAnswerRow[]> {
  if (recordIds.length === 0) return [];
  const id = sql.ref(RECORD_TABLES[kind].id);
  const table = sql.table(RECORD_TABLES[kind].records);
  const found = await sql<PictureAnswerRow>`
    SELECT p.${id} AS record_id, p.state, p.reason, m.kind AS match_kind, m.photo_id, g.brand AS photo_brand, g.original_name AS photo_name,
      m.trademark_id, tm.text AS trademark_text, tm.no AS trademark_no, tm.region AS trademark_region, tm.image AS trademark_image, m.brand_id, b.brand_name, m.found_text,
      o.${id} AS other_record_id, orr.${sql.ref(PICTURE_SOURCES[kind].seller)} AS other_seller, orr.published AS other_published,
      m.phash_distance, m.dhash_distance, m.score, m.box_x, m.box_y, m.box_w, m.box_h
    FROM record_picture AS p
    LEFT JOIN picture_match AS m ON m.picture_id = p.picture_id
    LEFT JOIN genuine_photo AS g ON g.photo_id = m.photo_id
    LEFT JOIN trademark AS tm ON tm.trademark_id = m.trademark_id
    LEFT JOIN brand AS b ON b.brand_id = m.brand_id
    LEFT JOIN record_picture AS o ON o.picture_id = m.other_picture_id
    LEFT JOIN ${table} AS orr ON orr.${id} = o.${id} AND orr.client_id = ${clientId}
    WHERE p.client_id = ${clientId} AND p.kind = ${kind} AND p.${id} = ANY(${recordIds}::bigint[])
    ORDER BY p.${id}, m.phash_distance NULLS LAST, m.photo_id, m.trademark_id, m.brand_id, o.${id}`.execute(db);
  return found.rows.map((r) => ({ ...r, record_id: Number(r.record_id), other_record_id: r.other_record_id === null ? null : Number(r.other_record_id) }));
}

/**
 * The ids of the client's records of a kind (among `visible`, alias `r`) whose pictures are within INDEX_REACH of
 * `hash`, nearest first, with their distance.
 */
export async function nearestRecords(db: Conn, kind: PictureKind, clientId: number, hash: string, visible: Expression<SqlBool>, limit: number): Promise<{ id: number; distance: number }[]> {
  const t = RECORD_TABLES[kind];
  const id = sql.ref(t.id);
  // The pictures near first (the band indexes), then their records: joined in one query, the planner read every
  // record of a million-record client (1.3 s a look-up, bench/pictures.ts); the materialised step keeps that order.
  const found = await sql<{ id: string | number; distance: number }>`
    WITH near AS MATERIALIZED (
      SELECT p.${id} AS id, c.p FROM ${nearPictures(clientId, hash)} AS c
      JOIN record_picture AS p ON p.picture_id = c.picture_id
      WHERE p.kind = ${kind}
    )
    SELECT r.${id} AS id, near.p AS distance FROM near JOIN ${sql.table(t.records)} AS r ON r.${id} = near.id
    WHERE ${visible}
    ORDER BY near.p, r.${id} DESC
    LIMIT ${limit}`.execute(db);
  return found.rows.map((r) => ({ id: Number(r.id), distance: Number(r.distance) }));
}

/** Rows of a kind's records by id (alias `r`, every column: what the kind's presenter takes). */
export async function recordRows<Row>(db: Conn, kind: PictureKind, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const t = RECORD_TABLES[kind];
  const found = await sql<Row>`SELECT r.* FROM ${sql.table(t.records)} AS r WHERE r.${sql.ref(t.id)} = ANY(${ids}::bigint[])`.execute(db);
  return found.rows;
}
