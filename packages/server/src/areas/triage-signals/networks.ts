import type { Db, Tx } from '../../platform/db.js';
import { findNetworks, type Network } from './clusters.js';
import { deleteNetworks, insertNetworks, type NetworkColumns } from './repo.js';
import { loadSellers, type SellerFacts } from './sellers.js';

/**
 * Replaces the client's seller networks (triage_seller_cluster, _member, _link; migration 030) in the caller's
 * transaction: sellers read in two grouped queries, linked in memory, written in three array inserts.
 * Answers the networks found.
 */
export async function computeNetworks(db: Db | Tx, clientId: number, now: Date): Promise<{ sellers: SellerFacts[]; networks: Network[] }> {
  const sellers = await loadSellers(db, clientId);
  const networks = findNetworks(sellers);
  await deleteNetworks(db, clientId);
  if (networks.length === 0) return { sellers, networks };
  const c: NetworkColumns['clusters'] = { id: [], sellers: [], records: [], takedowns: [], repeat: [] };
  const m: NetworkColumns['members'] = { cluster: [], member: [], kind: [], site: [], seller: [], records: [], takedowns: [] };
  const l: NetworkColumns['links'] = { cluster: [], from: [], to: [], reason: [] };
  // A member's id is the seller's place in the client's list, unique per client.
  networks.forEach((n, i) => {
    const clusterId = i + 1;
    c.id.push(clusterId);
    c.sellers.push(n.members.length);
    c.records.push(n.records);
    c.takedowns.push(n.takedowns);
    c.repeat.push(n.repeatOffender);
    for (const s of n.members) {
      const facts = sellers[s]!;
      m.cluster.push(clusterId);
      m.member.push(s + 1);
      m.kind.push(facts.kind);
      m.site.push(facts.site);
      m.seller.push(facts.seller);
      m.records.push(facts.records);
      m.takedowns.push(facts.takedowns);
    }
    for (const link of n.links) {
      l.cluster.push(clusterId);
      l.from.push(link.from + 1);
      l.to.push(link.to + 1);
      l.reason.push(link.reason);
    }
  });
  await insertNetworks(db, clientId, { clusters: c, members: m, links: l }, now);
  return { sellers, networks };
}
