import { Role, hasRole, type SellerCluster } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import * as repo from './repo.js';

/**
 * A client's seller networks as the page draws them. Analysts (the tenancy rule admitted the client's managers)
 * see every network; a client user only the sellers of their company's posted records (an unposted record is the
 * analysts' work in progress), so a network shows when two of its sellers or more are posted, with the links
 * between those.
 */
export async function sellerClusters(ctx: AuthedContext, clientId: number): Promise<{ clusters: SellerCluster[]; computedAt: string | null }> {
  const clientUser = !hasRole(ctx.user.role, Role.ANALYST);
  const rows = await repo.clusterMembers(ctx.db, clientId, clientUser);
  const links = await repo.clusterLinks(ctx.db, clientId);
  const clusters = new Map<number, SellerCluster>();
  const place = new Map<number, number>();
  for (const r of rows) {
    let c = clusters.get(r.cluster_id);
    if (!c) clusters.set(r.cluster_id, (c = { id: r.cluster_id, repeatOffender: r.repeat_offender, takedowns: r.cluster_takedowns, sellers: [], links: [] }));
    place.set(r.member_id, c.sellers.length);
    c.sellers.push({ seller: r.seller, site: r.site, kind: r.kind, records: r.records, takedowns: r.takedowns });
  }
  for (const l of links) {
    const from = place.get(l.from_member);
    const to = place.get(l.to_member);
    if (from !== undefined && to !== undefined) clusters.get(l.cluster_id)?.links.push({ from, to, reason: l.reason });
  }
  const visible = [...clusters.values()].filter((c) => c.sellers.length >= 2);
  return { clusters: visible, computedAt: rows[0]?.computed_at.toISOString() ?? null };
}

/** The EC sellers (site and name) in the client's repeat-offender networks: the dashboard's Top Infringers mark them. */
export async function repeatOffenderSellers(db: AuthedContext['db'], clientId: number): Promise<(site: string, seller: string) => boolean> {
  const rows = await repo.repeatOffenderEcSellers(db, clientId);
  const keys = new Set(rows.map((r) => `${r.site}\u0000${r.seller}`));
  return (site, seller) => keys.has(`${site}\u0000${seller}`);
}
