import type { Db, Tx } from '../../platform/db.js';
import { sellerKeyRows, sellerPhotoRows } from './seller-queries.js';

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
  /** Keys of listing pictures the seller shares with other listings (seller-queries.ts sellerPhotoRows). */
  photos: string[];
}

/**
 * One GROUP BY per kind over every distinct combination of a seller's keys (most sellers have one,
 * seller-queries.ts), merged per seller here, rather than six `array_agg(DISTINCT …)` lists per seller (a sort each).
 */
export async function loadSellers(db: Db | Tx, clientId: number): Promise<SellerFacts[]> {
  const rows = await sellerKeyRows(db, clientId);
  const bySeller = new Map<string, SellerFacts>();
  const addTo = (list: string[], value: string) => {
    if (value !== '' && !list.includes(value)) list.push(value);
  };
  for (const r of rows) {
    const key = `${r.kind}\u0000${r.site}\u0000${r.seller}`;
    let s = bySeller.get(key);
    if (!s) bySeller.set(key, (s = { kind: r.kind, site: r.site, seller: r.seller, records: 0, takedowns: 0, names: [], urls: [], ids: [], phones: [], mails: [], addresses: [], photos: [] }));
    s.records += Number(r.records);
    s.takedowns += Number(r.takedowns);
    addTo(s.names, r.name);
    addTo(s.urls, r.url);
    addTo(s.ids, r.id);
    addTo(s.phones, r.phone);
    addTo(s.mails, r.mail);
    addTo(s.addresses, r.address);
  }
  // A picture's seller has records (the first query saw them), unless they are being imported: then no key.
  for (const r of await sellerPhotoRows(db, clientId)) {
    const s = bySeller.get(`${r.kind}\u0000${r.site}\u0000${r.seller}`);
    if (s) addTo(s.photos, String(r.photo));
  }
  return [...bySeller.values()];
}
