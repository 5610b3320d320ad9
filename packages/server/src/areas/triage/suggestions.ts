import type { TriageKind, TriageSuggestion } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';

/** The suggestions of some records of a client (a list page's, a detail's), with the rule's name and the trace. */
export async function fetchSuggestions(ctx: AuthedContext, clientId: number, kind: TriageKind, recordIds: number[]): Promise<{ suggestions: TriageSuggestion[] }> {
  if (recordIds.length === 0) return { suggestions: [] };
  const rows = await ctx.db
    .selectFrom('triage_suggestion as s')
    .innerJoin('triage_rule as t', 't.rule_id', 's.rule_id')
    .select(['s.record_id', 's.rule_id', 't.name', 's.subcategory_id', 's.product_category_id', 's.remark', 's.trace', 's.computed_at'])
    .where('s.client_id', '=', clientId)
    .where('s.kind', '=', kind)
    .where('s.record_id', 'in', [...new Set(recordIds)])
    .orderBy('s.record_id')
    .execute();
  return {
    suggestions: rows.map((r) => ({
      recordId: Number(r.record_id),
      ruleId: r.rule_id,
      ruleName: r.name,
      subcategoryId: r.subcategory_id,
      productCategoryId: r.product_category_id,
      remark: r.remark,
      trace: r.trace as TriageSuggestion['trace'],
      computedAt: new Date(r.computed_at).toISOString(),
    })),
  };
}
