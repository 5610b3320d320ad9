import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { notImporting } from '../../records/core/visibility-queries.js';

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

interface Row {
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
 * One GROUP BY per kind over every distinct combination of a seller's keys (most sellers have one), merged per
 * seller here, rather than six `array_agg(DISTINCT …)` lists per seller (a sort each).
 */
export async function loadSellers(db: Db | Tx, clientId: number): Promise<SellerFacts[]> {
  const ec = await sql<Row>`
    SELECT 'ec' AS kind, r.ec_site AS site, r.ec_product_seller AS seller, r.ec_product_seller AS name, r.ec_product_seller_url AS url, '' AS id,
      r.ec_seller_phone AS phone, r.ec_seller_mail AS mail, r.ec_seller_address AS address, count(*) AS records,
      count(*) FILTER (WHERE 2 IN (r.ec_process1_result, r.ec_process2_result, r.ec_process3_result, r.ec_process_result)) AS takedowns
    FROM ec_record r
    WHERE r.client_id = ${clientId} AND r.ec_product_seller <> '' AND ${notImporting('ec_record', clientId)}
    GROUP BY r.ec_site, r.ec_product_seller, r.ec_product_seller_url, r.ec_seller_phone, r.ec_seller_mail, r.ec_seller_address`.execute(db);
  const sns = await sql<Row>`
    SELECT 'sns' AS kind, r.platform::text AS site, ${SNS_SELLER} AS seller, r.account_name AS name, r.account_url AS url, r.account_id AS id,
      r.contact_phone AS phone, r.contact_mail AS mail, r.contact_address AS address, count(*) AS records,
      count(*) FILTER (WHERE 2 IN (r.process1_result, r.process2_result, r.process3_result, r.process_result)) AS takedowns
    FROM sns_record r
    WHERE r.client_id = ${clientId} AND ${SNS_SELLER} <> '' AND ${notImporting('sns_record', clientId)}
    GROUP BY r.platform, ${SNS_SELLER}, r.account_name, r.account_url, r.account_id, r.contact_phone, r.contact_mail, r.contact_address`.execute(db);
  const bySeller = new Map<string, SellerFacts>();
  const addTo = (list: string[], value: string) => {
    if (value !== '' && !list.includes(value)) list.push(value);
  };
  for (const r of [...ec.rows, ...sns.rows]) {
    const key = `${r.kind}\u0000${r.site}\u0000${r.seller}`;
    let s = bySeller.get(key);
    if (!s) bySeller.set(key, (s = { kind: r.kind, site: r.site, seller: r.seller, records: 0, takedowns: 0, names: [], urls: [], ids: [], phones: [], mails: [], addresses: [] }));
    s.records += Number(r.records);
    s.takedowns += Number(r.takedowns);
    addTo(s.names, r.name);
    addTo(s.urls, r.url);
    addTo(s.ids, r.id);
    addTo(s.phones, r.phone);
    addTo(s.mails, r.mail);
    addTo(s.addresses, r.address);
  }
  return [...bySeller.values()];
}
