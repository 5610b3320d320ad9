import type { EvidenceKind } from '@portal/contract';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/**
 * SQL of the takedown facts (facts.ts): one set-based query per table, never one per record. The records under
 * common names, their trademarks, their newest finished captures, the client's attorney letters, and who notifies.
 */

type Conn = Db | Tx;

/** A record under the common names (see SELECT). */
export interface RecordRow {
  id: number;
  site: string;
  url: string;
  seller: string;
  seller_url: string;
  seller_id: string;
  title: string;
  price: string | null;
  currency: string;
  product_no: string;
  region: string;
  contact: string;
  trademark_id: number | null;
  p1d: string | null;
  p1r: number | null;
  p2d: string | null;
  p2r: number | null;
  p3d: string | null;
  p3r: number | null;
  final: number | null;
  whitelist: string;
  uploads: string;
}

const prefixed = (prefix: string) => (c: string) => sql.ref(`r.${prefix}${c}`);
/** Each kind's columns under the common names (alias r). */
const SELECT: Record<EvidenceKind, RawBuilder<unknown>> = {
  ec: sql`r.ec_id AS id, r.ec_site AS site, r.ec_product_url AS url, r.ec_product_seller AS seller, r.ec_product_seller_url AS seller_url,
    '' AS seller_id, r.ec_product_title AS title, r.ec_product_price::text AS price, r.ec_product_currency AS currency,
    r.ec_product_no AS product_no, r.ec_product_region AS region, '' AS contact, r.ec_response_trademark AS trademark_id,
    ${rounds(prefixed('ec_'))}, r.ec_process_result AS final, r.ec_whitelist_object AS whitelist, r.ec_upload_image_names AS uploads`,
  ws: sql`r.ws_id AS id, r.page_domain AS site, r.page_url AS url, r.page_domain AS seller, '' AS seller_url, '' AS seller_id,
    r.page_domain AS title, NULL::text AS price, '' AS currency, '' AS product_no, r.domain_region AS region,
    r.domain_contact AS contact, r.trademark_id, ${rounds(prefixed(''))}, r.process_result AS final, '' AS whitelist, '' AS uploads`,
  sns: sql`r.sns_id AS id, r.platform::text AS site, COALESCE(NULLIF(r.post_url, ''), r.account_url) AS url, r.account_name AS seller,
    r.account_url AS seller_url, r.account_id AS seller_id, left(r.post_text, 300) AS title, NULL::text AS price, '' AS currency,
    '' AS product_no, r.region, '' AS contact, r.trademark_id, ${rounds(prefixed(''))}, r.process_result AS final,
    r.whitelist, '' AS uploads`,
};

function rounds(col: (c: string) => RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<unknown> {
  return sql`${col('process1_date')}::text AS p1d, ${col('process1_result')} AS p1r, ${col('process2_date')}::text AS p2d,
    ${col('process2_result')} AS p2r, ${col('process3_date')}::text AS p3d, ${col('process3_result')} AS p3r`;
}

/**
 * The records of the ids given among those `visible` (over `r`), under the common names; `lock` locks them for the
 * rest of the transaction.
 */
export async function recordFactRows(db: Conn, kind: EvidenceKind, ids: number[], visible: Expression<SqlBool>, lock: boolean): Promise<RecordRow[]> {
  const t = RECORD_TABLES[kind];
  const found = await sql<RecordRow>`
    SELECT ${SELECT[kind]} FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} = ANY(${sql`${ids}::bigint[]`}) AND ${visible}
    ${lock ? sql`FOR UPDATE OF r` : sql``}`.execute(db);
  return found.rows;
}

/** The client's trademarks of the ids given. */
export async function trademarksOf(db: Conn, clientId: number, trademarkIds: number[]) {
  if (trademarkIds.length === 0) return [];
  return db
    .selectFrom('trademark')
    .select(['trademark_id', 'no', 'region', 'type', 'text', 'belongsto', sql<string | null>`invalid_date::text`.as('invalid_date')])
    .where('client_id', '=', clientId)
    .where('trademark_id', 'in', trademarkIds)
    .execute();
}

/** The finished captures of the client's records of the ids given, newest first. */
export async function doneCapturesOf(db: Conn, kind: EvidenceKind, clientId: number, ids: number[]) {
  const t = RECORD_TABLES[kind];
  const { rows } = await sql<{ record_id: number; captured_at: Date; final_url: string | null; http_status: number | null; sha256_png: string; sha256_html: string }>`
      SELECT e.${sql.ref(t.id)} AS record_id, e.captured_at, e.final_url, e.http_status, e.sha256_png, e.sha256_html
      FROM evidence_capture e WHERE e.client_id = ${clientId} AND e.state = 'done' AND e.${sql.ref(t.id)} = ANY(${sql`${ids}::bigint[]`})
      ORDER BY e.capture_id DESC`.execute(db);
  return rows;
}

/** The client's attorney letters, the latest ending first. */
export function attorneyLettersOf(db: Conn, clientId: number) {
  return db
    .selectFrom('attorney_letter')
    .select(['region', sql<string>`start_date::text`.as('start_date'), sql<string>`end_date::text`.as('end_date')])
    .where('client_id', '=', clientId)
    .orderBy('end_date', 'desc')
    .execute();
}

export async function clientNameOf(db: Conn, clientId: number): Promise<string | undefined> {
  return (await db.selectFrom('client').select('client_name').where('client_id', '=', clientId).executeTakeFirst())?.client_name;
}

export function userNameAndMail(db: Conn, userId: number) {
  return db.selectFrom('users').select(['user_name', 'user_mail']).where('user_id', '=', userId).executeTakeFirst();
}
