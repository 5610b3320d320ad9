import { Role, hasRole, type SellerCluster, type SellerLinkReason } from '@portal/contract';
import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';

interface MemberRow {
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
 * A client's seller networks as the page draws them. Analysts (the tenancy rule admitted the client's managers)
 * see every network; a client user only the sellers of their company's posted records (an unposted record is the
 * analysts' work in progress), so a network shows when two of its sellers or more are posted, with the links
 * between those.
 */
export async function sellerClusters(ctx: AuthedContext, clientId: number): Promise<{ clusters: SellerCluster[]; computedAt: string | null }> {
  const clientUser = !hasRole(ctx.user.role, Role.ANALYST);
  const posted = clientUser
    ? sql`AND CASE m.kind
        WHEN 'ec' THEN EXISTS (SELECT 1 FROM ec_record r WHERE r.client_id = m.client_id AND r.ec_site = m.site AND r.ec_product_seller = m.seller AND r.published)
        ELSE EXISTS (SELECT 1 FROM sns_record r WHERE r.client_id = m.client_id AND r.platform::text = m.site
          AND COALESCE(NULLIF(r.account_id, ''), r.account_name) = m.seller AND r.published) END`
    : sql``;
  const { rows } = await sql<MemberRow>`
    SELECT c.cluster_id, c.repeat_offender, c.takedowns AS cluster_takedowns, c.computed_at, m.member_id, m.kind, m.site, m.seller, m.records, m.takedowns
    FROM triage_seller_cluster c JOIN triage_seller_member m ON m.client_id = c.client_id AND m.cluster_id = c.cluster_id
    WHERE c.client_id = ${clientId} ${posted}
    ORDER BY c.cluster_id, m.member_id`.execute(ctx.db);
  const links = await sql<{ cluster_id: number; from_member: number; to_member: number; reason: SellerLinkReason }>`
    SELECT cluster_id, from_member, to_member, reason FROM triage_seller_link WHERE client_id = ${clientId} ORDER BY cluster_id, from_member, to_member, reason`.execute(ctx.db);
  const clusters = new Map<number, SellerCluster>();
  const place = new Map<number, number>();
  for (const r of rows) {
    let c = clusters.get(r.cluster_id);
    if (!c) clusters.set(r.cluster_id, (c = { id: r.cluster_id, repeatOffender: r.repeat_offender, takedowns: r.cluster_takedowns, sellers: [], links: [] }));
    place.set(r.member_id, c.sellers.length);
    c.sellers.push({ seller: r.seller, site: r.site, kind: r.kind, records: r.records, takedowns: r.takedowns });
  }
  for (const l of links.rows) {
    const from = place.get(l.from_member);
    const to = place.get(l.to_member);
    if (from !== undefined && to !== undefined) clusters.get(l.cluster_id)?.links.push({ from, to, reason: l.reason });
  }
  const visible = [...clusters.values()].filter((c) => c.sellers.length >= 2);
  return { clusters: visible, computedAt: rows[0]?.computed_at.toISOString() ?? null };
}

/** The EC sellers (site and name) in the client's repeat-offender networks: the dashboard's Top Infringers mark them. */
export async function repeatOffenderSellers(db: AuthedContext['db'], clientId: number): Promise<(site: string, seller: string) => boolean> {
  const { rows } = await sql<{ site: string; seller: string }>`
    SELECT m.site, m.seller FROM triage_seller_member m
    JOIN triage_seller_cluster c ON c.client_id = m.client_id AND c.cluster_id = m.cluster_id AND c.repeat_offender
    WHERE m.client_id = ${clientId} AND m.kind = 'ec'`.execute(db);
  const keys = new Set(rows.map((r) => `${r.site}\u0000${r.seller}`));
  return (site, seller) => keys.has(`${site}\u0000${seller}`);
}
