import { REPEAT_OFFENDER_TAKEDOWNS, type SellerLinkReason } from '@portal/contract';
import { addressKey, idKey, mailKey, nameKey, phoneKey, urlKey } from './normalize.js';
import type { SellerFacts } from './sellers.js';

/**
 * Seller networks by union-find (issue 19, point 5): sellers sharing any key (a seller URL, an account id, a
 * normalized name, a phone, a mail, a shop address, a listing picture matched as the same photo) are one network. Each key's first holder is linked to every
 * later holder, with the key's reason, so every member of a network is reachable through links that say why.
 * Only networks of two sellers or more are kept; one with REPEAT_OFFENDER_TAKEDOWNS or more takedowns over all
 * its members' records is a repeat offender (Corsearch's threshold).
 */


export interface Link {
  from: number;
  to: number;
  reason: SellerLinkReason;
}
export interface Network {
  /** Indexes into the sellers given, in their order. */
  members: number[];
  links: Link[];
  records: number;
  takedowns: number;
  repeatOffender: boolean;
}

class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }
  find(a: number): number {
    let root = a;
    while (this.parent[root] !== root) root = this.parent[root]!;
    // Path compression: later finds are one step.
    while (this.parent[a] !== root) {
      const next = this.parent[a]!;
      this.parent[a] = root;
      a = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.size[ra]! < this.size[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra]! += this.size[rb]!;
  }
}

/** Every key of a seller with the reason it links by; the reason is part of the key, so a name never meets a mail. */
function keysOf(s: SellerFacts): [SellerLinkReason, string][] {
  const keys: [SellerLinkReason, string][] = [];
  const add = (reason: SellerLinkReason, values: string[], key: (v: string) => string) => {
    for (const v of values) {
      const k = key(v);
      if (k) keys.push([reason, k]);
    }
  };
  add('seller-url', s.urls, urlKey);
  add('seller-id', s.ids, idKey);
  add('name', s.names, nameKey);
  add('phone', s.phones, phoneKey);
  add('mail', s.mails, mailKey);
  add('address', s.addresses, addressKey);
  add('same-photo', s.photos, (photo) => photo);
  return keys;
}

export function findNetworks(sellers: SellerFacts[]): Network[] {
  const uf = new UnionFind(sellers.length);
  const firstHolder = new Map<string, number>();
  const links: Link[] = [];
  const seen = new Set<string>();
  sellers.forEach((s, i) => {
    for (const [reason, key] of keysOf(s)) {
      const tagged = `${reason}\u0000${key}`;
      const first = firstHolder.get(tagged);
      if (first === undefined) {
        firstHolder.set(tagged, i);
        continue;
      }
      if (first === i) continue;
      const linkKey = `${first}:${i}:${reason}`;
      if (seen.has(linkKey)) continue;
      seen.add(linkKey);
      links.push({ from: first, to: i, reason });
      uf.union(first, i);
    }
  });
  const byRoot = new Map<number, Network>();
  sellers.forEach((s, i) => {
    const root = uf.find(i);
    let n = byRoot.get(root);
    if (!n) byRoot.set(root, (n = { members: [], links: [], records: 0, takedowns: 0, repeatOffender: false }));
    n.members.push(i);
    n.records += s.records;
    n.takedowns += s.takedowns;
  });
  for (const l of links) byRoot.get(uf.find(l.from))!.links.push(l);
  const networks = [...byRoot.values()].filter((n) => n.members.length >= 2);
  for (const n of networks) n.repeatOffender = n.takedowns >= REPEAT_OFFENDER_TAKEDOWNS;
  // Biggest first, so cluster 1 is the one to look at first; ties by their first seller's place.
  return networks.sort((a, b) => b.members.length - a.members.length || b.takedowns - a.takedowns || a.members[0]! - b.members[0]!);
}
