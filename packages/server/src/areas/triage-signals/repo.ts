import type { SellerLinkReason } from '@portal/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/**
 * SQL of the seller networks: as the page and the dashboard read them, and as networks.ts replaces them (the
 * networks are computed there); and the clients the nightly job recomputes.
 */

type Conn = Db | Tx;

export interface MemberRow {
  cluster_id: number;
  repeat_offender: boolean;
  cluster_takedowns: number;
  computed_at: Date;
  member_id: number;
  kind: 'ec' | 'sns';
  site: string;
  seller: string;
  records: number;
  takedowns: number;
}

/**
 * The members of the client's networks, network by network. `postedOnly` (a client user) keeps the sellers of the
 * client's posted records only.
 */
export async function clusterMembers(db: Conn, clientId: number, postedOnly: boolean): Promise<MemberRow[]> {
  const posted = postedOnly
    ? sql`AND CASE m.kind
        WHEN 'ec' THEN EXISTS (SELECT 1 FROM ec_record r WHERE r.client_id = m.client_id AND r.ec_site = m.site AND r.ec_product_seller = m.seller AND r.published)
        ELSE EXISTS (SELECT 1 FROM sns_record r WHERE r.client_id = m.client_id AND r.platform::text = m.site
          AND COALESCE(NULLIF(r.account_id, ''), r.account_name) = m.seller AND r.published) END`
    : sql``;
  const { rows } = await sql<MemberRow>`
    SELECT c.cluster_id, c.repeat_offender, c.takedowns AS cluster_takedowns, c.computed_at, m.member_id, m.kind, m.site, m.seller, m.records, m.takedowns
    FROM triage_seller_cluster c JOIN triage_seller_member m ON m.client_id = c.client_id AND m.cluster_id = c.cluster_id
    WHERE c.client_id = ${clientId} ${posted}
    ORDER BY c.cluster_id, m.member_id`.execute(db);
  return rows;
}

export interface LinkRow {
  cluster_id: number;
  from_member: number;
  to_member: number;
  reason: SellerLinkReason;
}

export async function clusterLinks(db: Conn, clientId: number): Promise<LinkRow[]> {
  const { rows } = await sql<LinkRow>`
    SELECT cluster_id, from_member, to_member, reason FROM triage_seller_link WHERE client_id = ${clientId} ORDER BY cluster_id, from_member, to_member, reason`.execute(db);
  return rows;
}

/** The EC sellers (site and name) in the client's repeat-offender networks. */
export async function repeatOffenderEcSellers(db: Conn, clientId: number): Promise<{ site: string; seller: string }[]> {
  const { rows } = await sql<{ site: string; seller: string }>`
    SELECT m.site, m.seller FROM triage_seller_member m
    JOIN triage_seller_cluster c ON c.client_id = m.client_id AND c.cluster_id = m.cluster_id AND c.repeat_offender
    WHERE m.client_id = ${clientId} AND m.kind = 'ec'`.execute(db);
  return rows;
}

/** Removes the client's networks. */
export async function deleteNetworks(db: Conn, clientId: number): Promise<void> {
  // Links and members first, by the client: left to the clusters' ON DELETE CASCADE, each cluster's row would look
  // its links up one by one (measured: 10 s for 9,000 networks instead of a fraction of one).
  await sql`DELETE FROM triage_seller_link WHERE client_id = ${clientId}`.execute(db);
  await sql`DELETE FROM triage_seller_member WHERE client_id = ${clientId}`.execute(db);
  await sql`DELETE FROM triage_seller_cluster WHERE client_id = ${clientId}`.execute(db);
}

/** The client's networks in columns (one array per column, a row per index). */
export interface NetworkColumns {
  clusters: { id: number[]; sellers: number[]; records: number[]; takedowns: number[]; repeat: boolean[] };
  members: { cluster: number[]; member: number[]; kind: string[]; site: string[]; seller: string[]; records: number[]; takedowns: number[] };
  links: { cluster: number[]; from: number[]; to: number[]; reason: string[] };
}

/** Writes the client's networks, their members and their links: three array inserts. */
export async function insertNetworks(db: Conn, clientId: number, n: NetworkColumns, now: Date): Promise<void> {
  const { clusters: c, members: m, links: l } = n;
  await sql`INSERT INTO triage_seller_cluster (client_id, cluster_id, sellers, records, takedowns, repeat_offender, computed_at)
    SELECT ${clientId}, * , ${now}::timestamptz FROM unnest(${c.id}::int[], ${c.sellers}::int[], ${c.records}::int[], ${c.takedowns}::int[], ${c.repeat}::boolean[])`.execute(db);
  await sql`INSERT INTO triage_seller_member (client_id, cluster_id, member_id, kind, site, seller, records, takedowns)
    SELECT ${clientId}, * FROM unnest(${m.cluster}::int[], ${m.member}::int[], ${m.kind}::text[], ${m.site}::text[], ${m.seller}::text[], ${m.records}::int[], ${m.takedowns}::int[])`.execute(db);
  await sql`INSERT INTO triage_seller_link (client_id, cluster_id, from_member, to_member, reason)
    SELECT ${clientId}, * FROM unnest(${l.cluster}::int[], ${l.from}::int[], ${l.to}::int[], ${l.reason}::text[])`.execute(db);
}

/** The live clients with EC or SNS records. */
export async function clientsWithRecords(db: Conn): Promise<number[]> {
  const { rows } = await sql<{ client_id: number }>`
    SELECT c.client_id FROM client c WHERE c.deleted_at IS NULL
      AND (EXISTS (SELECT 1 FROM ec_record r WHERE r.client_id = c.client_id) OR EXISTS (SELECT 1 FROM sns_record r WHERE r.client_id = c.client_id))`.execute(db);
  return rows.map((r) => r.client_id);
}
