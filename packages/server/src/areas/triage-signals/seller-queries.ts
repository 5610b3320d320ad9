import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { notImporting } from '../../records/core/visibility-queries.js';

/** SQL of the sellers as the networks see them (sellers.ts merges the rows into one per seller). */

/** The seller column of each kind, as the member table keeps it and the record lists join on it. */
export const SNS_SELLER = sql<string>`COALESCE(NULLIF(r.account_id, ''), r.account_name)`;

/** One distinct combination of a seller's keys, with its records and takedowns. */
export interface SellerKeyRow {
  kind: 'ec' | 'sns';
  site: string;
  seller: string;
  name: string;
  url: string;
  id: string;
  phone: string;
  mail: string;
  address: string;
  records: string | number;
  takedowns: string | number;
}

/**
 * One GROUP BY per kind over every distinct combination of a seller's keys (most sellers have one): EC's rows,
 * then SNS's.
 */
export async function sellerKeyRows(db: Db | Tx, clientId: number): Promise<SellerKeyRow[]> {
  const ec = await sql<SellerKeyRow>`
    SELECT 'ec' AS kind, r.ec_site AS site, r.ec_product_seller AS seller, r.ec_product_seller AS name, r.ec_product_seller_url AS url, '' AS id,
      r.ec_seller_phone AS phone, r.ec_seller_mail AS mail, r.ec_seller_address AS address, count(*) AS records,
      count(*) FILTER (WHERE 2 IN (r.ec_process1_result, r.ec_process2_result, r.ec_process3_result, r.ec_process_result)) AS takedowns
    FROM ec_record r
    WHERE r.client_id = ${clientId} AND r.ec_product_seller <> '' AND ${notImporting('ec_record', clientId)}
    GROUP BY r.ec_site, r.ec_product_seller, r.ec_product_seller_url, r.ec_seller_phone, r.ec_seller_mail, r.ec_seller_address`.execute(db);
  const sns = await sql<SellerKeyRow>`
    SELECT 'sns' AS kind, r.platform::text AS site, ${SNS_SELLER} AS seller, r.account_name AS name, r.account_url AS url, r.account_id AS id,
      r.contact_phone AS phone, r.contact_mail AS mail, r.contact_address AS address, count(*) AS records,
      count(*) FILTER (WHERE 2 IN (r.process1_result, r.process2_result, r.process3_result, r.process_result)) AS takedowns
    FROM sns_record r
    WHERE r.client_id = ${clientId} AND ${SNS_SELLER} <> '' AND ${notImporting('sns_record', clientId)}
    GROUP BY r.platform, ${SNS_SELLER}, r.account_name, r.account_url, r.account_id, r.contact_phone, r.contact_mail, r.contact_address`.execute(db);
  return [...ec.rows, ...sns.rows];
}

/** A seller's listing picture that other sellers' listings show too: `photo` is the same key on every side of it. */
export interface SellerPhotoRow {
  kind: 'ec' | 'sns';
  site: string;
  seller: string;
  photo: string | number;
}

/**
 * The sellers of the client's shared-photo matches (issue 31; picture_match keeps both directions of each pair):
 * each picture with the smaller picture id of its pair as the key, so the two sellers of a pair share a key.
 */
export async function sellerPhotoRows(db: Db | Tx, clientId: number): Promise<SellerPhotoRow[]> {
  const { rows } = await sql<SellerPhotoRow>`
    WITH shared AS (
      SELECT m.picture_id, LEAST(m.picture_id, m.other_picture_id) AS photo FROM picture_match m
      JOIN record_picture p ON p.picture_id = m.picture_id
      WHERE p.client_id = ${clientId} AND m.kind = 'shared-photo')
    SELECT DISTINCT 'ec' AS kind, r.ec_site AS site, r.ec_product_seller AS seller, shared.photo
    FROM shared JOIN record_picture p ON p.picture_id = shared.picture_id JOIN ec_record r ON r.ec_id = p.ec_id
    WHERE r.client_id = ${clientId} AND r.ec_product_seller <> '' AND ${notImporting('ec_record', clientId)}
    UNION
    SELECT DISTINCT 'sns' AS kind, r.platform::text AS site, ${SNS_SELLER} AS seller, shared.photo
    FROM shared JOIN record_picture p ON p.picture_id = shared.picture_id JOIN sns_record r ON r.sns_id = p.sns_id
    WHERE r.client_id = ${clientId} AND ${SNS_SELLER} <> '' AND ${notImporting('sns_record', clientId)}`.execute(db);
  return rows;
}
