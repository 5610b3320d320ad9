import type { TriageKind } from '@portal/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { TriageRuleTable } from '../../platform/schema.js';

/**
 * SQL of a client's triage rules and of the suggestions they made (the evaluation reads the records through
 * source-queries.ts).
 */

type Conn = Db | Tx;

export interface RuleRow {
  rule_id: number;
  kind: 'ec' | 'ws' | 'sns';
  position: number;
  name: string;
  enabled: boolean;
  conditions: unknown;
  subcategory_id: number;
  product_category_id: number | null;
  remark: string;
  updated_at: Date;
}

/** The client's rules in their order. */
export async function rulesOf(db: Conn, clientId: number): Promise<RuleRow[]> {
  return (await db.selectFrom('triage_rule').selectAll().where('client_id', '=', clientId).orderBy('position').orderBy('rule_id').execute()) as RuleRow[];
}

export async function subcategoryExists(db: Conn, subcategoryId: number): Promise<boolean> {
  return (await db.selectFrom('infringement_subcategory').select('id').where('id', '=', subcategoryId).executeTakeFirst()) !== undefined;
}

export async function isProductCategoryOfClient(db: Conn, clientId: number, productCategoryId: number): Promise<boolean> {
  const pc = await db.selectFrom('product_category').select('id').where('id', '=', productCategoryId).where('client_id', '=', clientId).executeTakeFirst();
  return pc !== undefined;
}

/** Locks the client's row for the rest of the transaction: one writer of its rule list at a time. */
export async function lockClient(db: Conn, clientId: number): Promise<void> {
  await sql`SELECT 1 FROM client WHERE client_id = ${clientId} FOR UPDATE`.execute(db);
}

export async function insertRule(db: Conn, values: Insertable<TriageRuleTable>): Promise<void> {
  await db.insertInto('triage_rule').values(values).execute();
}

export async function updateRule(db: Conn, clientId: number, ruleId: number, changes: Updateable<TriageRuleTable>): Promise<void> {
  await db.updateTable('triage_rule').set(changes).where('rule_id', '=', ruleId).where('client_id', '=', clientId).execute();
}

export async function deleteRule(db: Conn, clientId: number, ruleId: number): Promise<void> {
  await db.deleteFrom('triage_rule').where('rule_id', '=', ruleId).where('client_id', '=', clientId).execute();
}

/** Gives the client's rules positions 0..n-1 in the order of the ids given. */
export async function renumberRules(db: Conn, clientId: number, order: number[]): Promise<void> {
  if (order.length === 0) return;
  await sql`
    UPDATE triage_rule t SET position = o.position
    FROM unnest(${order}::integer[]) WITH ORDINALITY AS o(rule_id, position)
    WHERE t.rule_id = o.rule_id AND t.client_id = ${clientId}`.execute(db);
  await sql`UPDATE triage_rule SET position = position - 1 WHERE client_id = ${clientId}`.execute(db);
}

/** The suggestions of the records with their rule's name, by record. */
export function suggestionsOf(db: Conn, clientId: number, kind: TriageKind, recordIds: number[]) {
  return db
    .selectFrom('triage_suggestion as s')
    .innerJoin('triage_rule as t', 't.rule_id', 's.rule_id')
    .select(['s.record_id', 's.rule_id', 't.name', 's.subcategory_id', 's.product_category_id', 's.remark', 's.trace', 's.computed_at'])
    .where('s.client_id', '=', clientId)
    .where('s.kind', '=', kind)
    .where('s.record_id', 'in', recordIds)
    .orderBy('s.record_id')
    .execute();
}

/** Removes every suggestion of the kind (a kind with no rule left). */
export async function deleteSuggestionsOfKind(db: Conn, clientId: number, kind: TriageKind): Promise<void> {
  await db.deleteFrom('triage_suggestion').where('client_id', '=', clientId).where('kind', '=', kind).execute();
}

/** The records an evaluation batch walked: the ids read (one report's), or the id range after `after` up to `last` (to the end when null). */
export type WalkedRecords = { ids: number[] } | { after: number; last: number | null };

/** The suggestions one evaluation batch found, in parallel arrays by record. */
export interface NewSuggestions {
  ids: number[];
  ruleIds: number[];
  subcategories: number[];
  productCategories: (number | null)[];
  remarks: string[];
  /** Each a JSON text. */
  traces: string[];
}

/**
 * Replaces the suggestions of the records walked: those that went away are deleted; then the new and the changed
 * ones are written (a re-run with the same rules writes little).
 */
export async function replaceSuggestions(db: Conn, clientId: number, kind: TriageKind, walked: WalkedRecords, found: NewSuggestions, now: Date): Promise<void> {
  // The ids walked: a full run clears the whole id range (records removed since lose their rows too).
  const inWalk =
    'ids' in walked
      ? sql`record_id = ANY(${walked.ids}::bigint[])`
      : walked.last === null
        ? sql`record_id > ${walked.after}`
        : sql`record_id > ${walked.after} AND record_id <= ${walked.last}`;
  const { ids, ruleIds, subcategories, productCategories, remarks, traces } = found;
  await sql`DELETE FROM triage_suggestion WHERE client_id = ${clientId} AND kind = ${kind} AND ${inWalk} AND NOT (record_id = ANY(${ids}::bigint[]))`.execute(db);
  if (ids.length > 0) {
    await sql`
      INSERT INTO triage_suggestion AS s (client_id, kind, record_id, rule_id, subcategory_id, product_category_id, remark, trace, computed_at)
      SELECT ${clientId}, ${kind}, t.id, t.rule_id, t.sub, t.pc, t.remark, t.trace::jsonb, ${now}
      FROM unnest(${ids}::bigint[], ${ruleIds}::integer[], ${subcategories}::integer[], ${productCategories}::integer[], ${remarks}::text[], ${traces}::text[])
        AS t(id, rule_id, sub, pc, remark, trace)
      ON CONFLICT (client_id, kind, record_id) DO UPDATE SET rule_id = EXCLUDED.rule_id, subcategory_id = EXCLUDED.subcategory_id,
        product_category_id = EXCLUDED.product_category_id, remark = EXCLUDED.remark, trace = EXCLUDED.trace, computed_at = EXCLUDED.computed_at
      WHERE (s.rule_id, s.subcategory_id, s.product_category_id, s.remark, s.trace)
        IS DISTINCT FROM (EXCLUDED.rule_id, EXCLUDED.subcategory_id, EXCLUDED.product_category_id, EXCLUDED.remark, EXCLUDED.trace)`.execute(db);
  }
}
