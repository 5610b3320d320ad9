import type { SellerLinkReason } from '@portal/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of the seller networks as the page and the dashboard read them (the networks are computed in networks.ts). */

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
