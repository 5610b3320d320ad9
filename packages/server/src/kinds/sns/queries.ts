import { sql, type SqlBool } from 'kysely';

/** The SQL of social media (SNS) records of their own (the engine's shared SQL is in records/). */

/** The search bar's id and number fields (fields.ts): matched by their digits as text. */
export const RECORD_ID_TEXT = sql`r.sns_id::text`;
export const RECORD_NO_TEXT = sql`r.sns_no::text`;

/** Uncategorized (reports.ts): a record without an SNS category. */
export const UNCATEGORIZED = sql<SqlBool>`(e.category_id IS NULL)`;
