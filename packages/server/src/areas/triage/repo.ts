import type { TriageKind } from '@portal/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { TriageRuleTable } from '../../platform/schema.js';

/** SQL of a client's triage rules and of the suggestions they made (the evaluation's own SQL is in sources.ts). */

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
