import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SNS_SELLER } from './seller-queries.js';

/**
 * SQL of the triage signals as the record lists show and filter them (derived.ts): the columns and subqueries over a
 * record `r`. Filters read the signal tables by the client first (their indexes lead with it).
 */

/** Each kind's seller as the member table keeps it: its site and seller over a record `r`. */
export const SELLER_OF = {
  ec: { site: sql`r.ec_site`, seller: sql`r.ec_product_seller` },
  sns: { site: sql`r.platform::text`, seller: SNS_SELLER },
} satisfies Record<'ec' | 'sns', { site: RawBuilder<unknown>; seller: RawBuilder<unknown> }>;

/** Whether a record's seller is a member of a repeat-offender network: its column, and its filter by the client. */
export function repeatOffenderSql(kind: 'ec' | 'sns') {
  const { site, seller } = SELLER_OF[kind];
  const members = (clientId: RawBuilder<unknown> | number) => sql`
    SELECT m.site, m.seller FROM triage_seller_member m
    JOIN triage_seller_cluster c ON c.client_id = m.client_id AND c.cluster_id = m.cluster_id AND c.repeat_offender
    WHERE m.client_id = ${clientId} AND m.kind = ${kind}`;
  return {
    select: sql`EXISTS (${members(sql`r.client_id`)} AND m.site = ${site} AND m.seller = ${seller})`,
    /** The client's records whose seller is in such a network (`yes`), or is not. */
    inNetwork(clientId: number, yes: boolean): RawBuilder<SqlBool> {
      const inNetwork = sql<SqlBool>`((${site}, ${seller}) IN (${members(clientId)}))`;
      return yes ? inNetwork : sql<SqlBool>`NOT ${inNetwork}`;
    },
  };
}

/** An EC record's abnormal-price score. */
export const PRICE_SCORE = sql`(SELECT s.score FROM triage_price_score s WHERE s.ec_id = r.ec_id)`;

/** The client's EC records scored at or above `min`. */
export function priceScoreAtLeast(clientId: number, min: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.ec_id IN (SELECT s.ec_id FROM triage_price_score s WHERE s.client_id = ${clientId} AND s.score >= ${min})`;
}
