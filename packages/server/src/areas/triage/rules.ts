import { SNS_CATEGORIES, WS_SITE_CATEGORIES, triage, type TriageRule, type TriageRuleBody } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { RuleLike } from './compile.js';
import * as repo from './repo.js';
import type { RuleRow } from './repo.js';

/**
 * A client's triage rules (issue 19, point 1): one ordered list (positions 0..n-1), each rule for one kind. Every
 * change answers the whole list and queues a re-evaluation of the client's records in the same transaction.
 */
const MAX_RULES = 100;

const present = (r: RuleRow): TriageRule => ({
  ruleId: r.rule_id,
  kind: r.kind,
  position: r.position,
  name: r.name,
  enabled: r.enabled,
  // Stored as the contract parsed them; parsed again so a rule is always whole (defaults filled).
  conditions: (r.conditions as unknown[]).map((c) => triage.condition.parse(c)),
  subcategoryId: r.subcategory_id,
  productCategoryId: r.product_category_id,
  remark: r.remark,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function listRules(db: Db | Tx, clientId: number): Promise<{ rules: TriageRule[] }> {
  return { rules: (await repo.rulesOf(db, clientId)).map(present) };
}

/** The rules as the evaluation compiles them, in order. */
export async function loadRules(db: Db | Tx, clientId: number): Promise<RuleLike[]> {
  return (await repo.rulesOf(db, clientId)).map((r) => ({ ...present(r), ruleId: r.rule_id }));
}

/** The suggestion must name a category of the rule's kind, and a product category of the client. */
export async function checkSuggestion(db: Db | Tx, clientId: number, rule: TriageRuleBody): Promise<void> {
  if (rule.kind === 'ec') {
    if (!(await repo.subcategoryExists(db, rule.subcategoryId))) throw new AppError('triageUnknownCategory');
  } else {
    const codes = rule.kind === 'ws' ? WS_SITE_CATEGORIES : SNS_CATEGORIES;
    if (!Object.hasOwn(codes, rule.subcategoryId)) throw new AppError('triageUnknownCategory');
  }
  if (rule.productCategoryId !== null) {
    if (!(await repo.isProductCategoryOfClient(db, clientId, rule.productCategoryId))) throw new AppError('unknownProductCategory');
  }
}

const columns = (rule: TriageRuleBody) => ({
  kind: rule.kind,
  name: rule.name,
  enabled: rule.enabled,
  conditions: JSON.stringify(rule.conditions),
  subcategory_id: rule.subcategoryId,
  product_category_id: rule.productCategoryId,
  remark: rule.remark,
});

async function changed(ctx: AuthedContext, clientId: number): Promise<{ rules: TriageRule[] }> {
  await ctx.services.queues.send('triage-evaluate', { clientId }, { db: ctx.db });
  return listRules(ctx.db, clientId);
}

async function lockRules(ctx: AuthedContext, clientId: number): Promise<RuleRow[]> {
  // One writer of a client's list at a time, so positions stay 0..n-1.
  await repo.lockClient(ctx.db, clientId);
  return repo.rulesOf(ctx.db, clientId);
}

export async function createRule(ctx: AuthedContext, clientId: number, rule: TriageRuleBody) {
  const existing = await lockRules(ctx, clientId);
  if (existing.length >= MAX_RULES) throw new AppError('triageTooManyRules', { max: MAX_RULES });
  await checkSuggestion(ctx.db, clientId, rule);
  await repo.insertRule(ctx.db, { client_id: clientId, position: existing.length, ...columns(rule), created_by: ctx.user.userId, updated_at: ctx.now });
  return changed(ctx, clientId);
}

async function ruleOf(ctx: AuthedContext, clientId: number, ruleId: number, list: RuleRow[]): Promise<RuleRow> {
  const found = list.find((r) => r.rule_id === ruleId);
  if (!found) throw new AppError('triageRuleNotFound');
  return found;
}

export async function updateRule(ctx: AuthedContext, clientId: number, ruleId: number, rule: TriageRuleBody) {
  await ruleOf(ctx, clientId, ruleId, await lockRules(ctx, clientId));
  await checkSuggestion(ctx.db, clientId, rule);
  await repo.updateRule(ctx.db, clientId, ruleId, { ...columns(rule), updated_at: ctx.now });
  return changed(ctx, clientId);
}

export async function removeRule(ctx: AuthedContext, clientId: number, ruleId: number) {
  const list = await lockRules(ctx, clientId);
  await ruleOf(ctx, clientId, ruleId, list);
  await repo.deleteRule(ctx.db, clientId, ruleId);
  await repo.renumberRules(ctx.db, clientId, list.filter((r) => r.rule_id !== ruleId).map((r) => r.rule_id));
  return changed(ctx, clientId);
}

/** Moves a rule to a position (beyond the end: the last). */
export async function moveRule(ctx: AuthedContext, clientId: number, ruleId: number, position: number) {
  const list = await lockRules(ctx, clientId);
  await ruleOf(ctx, clientId, ruleId, list);
  const order = list.filter((r) => r.rule_id !== ruleId).map((r) => r.rule_id);
  order.splice(Math.min(position, order.length), 0, ruleId);
  await repo.renumberRules(ctx.db, clientId, order);
  return changed(ctx, clientId);
}
