import type { Expression, SqlBool } from 'kysely';
import type { DerivedField } from '../../records/core/kind.js';
import { PRICE_SCORE, priceScoreAtLeast, repeatOffenderSql } from './derived-queries.js';

/**
 * The triage signals as the record lists show and filter them (records/core/kind.ts `derived`): EC's abnormal-price
 * score (analysts only; the filter keeps scores at or above the smallest value given) and the repeat-offender flag
 * of EC and SNS records (their seller is a member of a repeat-offender network; the filter `true` keeps those,
 * `false` the others). Their SQL is in derived-queries.ts.
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

function repeatOffender(kind: 'ec' | 'sns'): DerivedField {
  const signal = repeatOffenderSql(kind);
  return {
    analystsOnly: false,
    select: signal.select,
    filter(values, clientId): Expression<SqlBool> | null {
      const { yes, no } = flags(values);
      if (yes === no) return null;
      return signal.inNetwork(clientId, yes);
    },
  };
}

export const EC_SIGNALS: Record<string, DerivedField> = {
  triage_price_score: {
    analystsOnly: true,
    select: PRICE_SCORE,
    filter(values, clientId) {
      const min = threshold(values);
      return min === undefined ? null : priceScoreAtLeast(clientId, min);
    },
  },
  repeat_offender: repeatOffender('ec'),
};

export const SNS_SIGNALS: Record<string, DerivedField> = {
  repeatOffender: repeatOffender('sns'),
};
