import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DerivedField } from '../../records/core/kind.js';
import { SNS_SELLER } from './sellers.js';

/**
 * The triage signals as the record lists show and filter them (records/core/kind.ts `derived`): EC's abnormal-price
 * score (analysts only; the filter keeps scores at or above the smallest value given) and the repeat-offender flag
 * of EC and SNS records (their seller is a member of a repeat-offender network; the filter `true` keeps those,
 * `false` the others). Filters read the signal tables by the client first (their indexes lead with it).
 */

type Values = (string | number | boolean | null)[];

const threshold = (values: Values): number | undefined => {
  const nums = values.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN)).filter(Number.isFinite);
  return nums.length ? Math.min(...nums) : undefined;
};

/** `true`, `false`, both or neither asked for. */
const flags = (values: Values) => ({
  yes: values.some((v) => v === true || v === 1 || v === '1' || v === 'true'),
  no: values.some((v) => v === false || v === 0 || v === '0' || v === 'false'),
});

function repeatOffender(kind: 'ec' | 'sns', site: RawBuilder<unknown>, seller: RawBuilder<unknown>): DerivedField {
  const members = (clientId: RawBuilder<unknown> | number) => sql`
    SELECT m.site, m.seller FROM triage_seller_member m
    JOIN triage_seller_cluster c ON c.client_id = m.client_id AND c.cluster_id = m.cluster_id AND c.repeat_offender
    WHERE m.client_id = ${clientId} AND m.kind = ${kind}`;
  return {
    analystsOnly: false,
    select: sql`EXISTS (${members(sql`r.client_id`)} AND m.site = ${site} AND m.seller = ${seller})`,
    filter(values, clientId): Expression<SqlBool> | null {
      const { yes, no } = flags(values);
      if (yes === no) return null;
      const inNetwork = sql<SqlBool>`((${site}, ${seller}) IN (${members(clientId)}))`;
      return yes ? inNetwork : sql<SqlBool>`NOT ${inNetwork}`;
    },
  };
}

export const EC_SIGNALS: Record<string, DerivedField> = {
  triage_price_score: {
    analystsOnly: true,
    select: sql`(SELECT s.score FROM triage_price_score s WHERE s.ec_id = r.ec_id)`,
    filter(values, clientId) {
      const min = threshold(values);
      return min === undefined ? null : sql<SqlBool>`r.ec_id IN (SELECT s.ec_id FROM triage_price_score s WHERE s.client_id = ${clientId} AND s.score >= ${min})`;
    },
  },
  repeat_offender: repeatOffender('ec', sql`r.ec_site`, sql`r.ec_product_seller`),
};

export const SNS_SIGNALS: Record<string, DerivedField> = {
  repeatOffender: repeatOffender('sns', sql`r.platform::text`, SNS_SELLER),
};
