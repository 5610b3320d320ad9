import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { notImporting } from '../records/imports.js';

/**
 * The sellers of a client as the networks see them: one per (kind, site, seller), with what its records say about
 * it. EC: the marketplace and the seller's name; SNS: the platform's code and the account id (its name when the
 * sheet gave no id). A record counts as a takedown when any round or the final result is 2 (takedown done).
 */
export interface SellerFacts {
  kind: 'ec' | 'sns';
  site: string;
  seller: string;
  records: number;
  takedowns: number;
  names: string[];
  urls: string[];
  ids: string[];
  phones: string[];
  mails: string[];
  addresses: string[];
}

/** The seller column of each kind, as the member table keeps it and the record lists join on it. */
export const SNS_SELLER = sql<string>`COALESCE(NULLIF(r.account_id, ''), r.account_name)`;

type Row = Omit<SellerFacts, 'records' | 'takedowns'> & { records: string | number; takedowns: string | number };
const listOf = (column: string) => sql`COALESCE(array_agg(DISTINCT ${sql.ref(column)}) FILTER (WHERE ${sql.ref(column)} <> ''), '{}')`;

export async function loadSellers(db: Db | Tx, clientId: number): Promise<SellerFacts[]> {
  const ec = await sql<Row>`
    SELECT 'ec' AS kind, r.ec_site AS site, r.ec_product_seller AS seller, count(*) AS records,
      count(*) FILTER (WHERE 2 IN (r.ec_process1_result, r.ec_process2_result, r.ec_process3_result, r.ec_process_result)) AS takedowns,
      ARRAY[r.ec_product_seller] AS names, ${listOf('r.ec_product_seller_url')} AS urls, '{}'::text[] AS ids,
      ${listOf('r.ec_seller_phone')} AS phones, ${listOf('r.ec_seller_mail')} AS mails, ${listOf('r.ec_seller_address')} AS addresses
    FROM ec_record r
    WHERE r.client_id = ${clientId} AND r.ec_product_seller <> '' AND ${notImporting('ec_record', clientId)}
    GROUP BY r.ec_site, r.ec_product_seller`.execute(db);
  const sns = await sql<Row>`
    SELECT 'sns' AS kind, r.platform::text AS site, ${SNS_SELLER} AS seller, count(*) AS records,
      count(*) FILTER (WHERE 2 IN (r.process1_result, r.process2_result, r.process3_result, r.process_result)) AS takedowns,
      ${listOf('r.account_name')} AS names, ${listOf('r.account_url')} AS urls, ${listOf('r.account_id')} AS ids,
      ${listOf('r.contact_phone')} AS phones, ${listOf('r.contact_mail')} AS mails, ${listOf('r.contact_address')} AS addresses
    FROM sns_record r
    WHERE r.client_id = ${clientId} AND ${SNS_SELLER} <> '' AND ${notImporting('sns_record', clientId)}
    GROUP BY r.platform, ${SNS_SELLER}`.execute(db);
  return [...ec.rows, ...sns.rows].map((r) => ({ ...r, records: Number(r.records), takedowns: Number(r.takedowns) }));
}
