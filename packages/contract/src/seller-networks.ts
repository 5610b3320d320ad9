import { z } from 'zod';
import { id } from './accounts.js';

/**
 * Seller networks and abnormal prices (issue 19, points 4 and 5), derived per client by the `triage-signals` job:
 * sellers (EC) and accounts (SNS) tied by a shared seller URL or account id, a normalized name, a phone, a mail, a
 * shop address or one listing picture (`same-photo`: their pictures matched as the same photo, issue 31). A network is two sellers or more; with 3 or more takedowns over its records, a repeat offender.
 */
export const SELLER_LINK_REASONS = ['seller-url', 'seller-id', 'name', 'phone', 'mail', 'address', 'same-photo'] as const;
export type SellerLinkReason = (typeof SELLER_LINK_REASONS)[number];
export const REPEAT_OFFENDER_TAKEDOWNS = 3;

export const sellerClustersInput = z.object({ clientId: id });
export const networkSeller = z.object({
  seller: z.string(),
  /** EC: the marketplace; SNS: the platform's code (see SNS_PLATFORMS). */
  site: z.string(),
  kind: z.enum(['ec', 'sns']),
  records: z.number(),
  takedowns: z.number(),
});
export const sellerCluster = z.object({
  id: z.number(),
  repeatOffender: z.boolean(),
  takedowns: z.number(),
  sellers: z.array(networkSeller),
  /** Indexes into `sellers`. */
  links: z.array(z.object({ from: z.number(), to: z.number(), reason: z.enum(SELLER_LINK_REASONS) })),
});
export const sellerClustersOutput = z.object({ clusters: z.array(sellerCluster), computedAt: z.string().nullable() });
export type SellerCluster = z.infer<typeof sellerCluster>;
export type NetworkSeller = z.infer<typeof networkSeller>;
