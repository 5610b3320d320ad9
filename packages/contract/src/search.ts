import { z } from 'zod';

/**
 * The shared search bar of section 2.9: optional date fields with a from/to range, keyword fields with a keyword,
 * and a match type. Each list whitelists its own field names; the server applies the conditions.
 */
export const MatchType = { PREFIX: 1, SUFFIX: 2, FUZZY: 3, EXACT: 4 } as const;
export const MATCH_TYPES = [1, 2, 3, 4] as const;

export const isoDate = z
  .string({ error: 'validation.dateInvalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'validation.dateInvalid');

/** The conditions of one list, with its own whitelisted date and keyword fields. */
export function searchConditions<D extends string, W extends string>(dateFields: readonly [D, ...D[]], wordFields: readonly [W, ...W[]]) {
  return z
    .object({
      dateFields: z.array(z.enum(dateFields, { error: 'validation.searchField' })).max(dateFields.length).optional().default([]),
      startDate: z.union([isoDate, z.literal(''), z.null()]).optional(),
      endDate: z.union([isoDate, z.literal(''), z.null()]).optional(),
      wordFields: z.array(z.enum(wordFields, { error: 'validation.searchField' })).max(wordFields.length).optional().default([]),
      keyword: z.string().max(200, 'validation.tooLong').optional().default(''),
      searchType: z
        .union(MATCH_TYPES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], {
          error: 'validation.searchType',
        })
        .optional()
        .default(3),
    })
    .refine((c) => !c.startDate || !c.endDate || c.endDate >= c.startDate, {
      message: 'validation.endBeforeStart',
      path: ['endDate'],
    });
}

export type SearchConditions<D extends string = string, W extends string = string> = {
  dateFields: D[];
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  wordFields: W[];
  keyword: string;
  searchType: 1 | 2 | 3 | 4;
};
