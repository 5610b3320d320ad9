import type { TriageKind, TriageSuggestion } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { suggestionsOf } from './repo.js';

/** The suggestions of some records of a client (a list page's, a detail's), with the rule's name and the trace. */
export async function fetchSuggestions(ctx: AuthedContext, clientId: number, kind: TriageKind, recordIds: number[]): Promise<{ suggestions: TriageSuggestion[] }> {
  if (recordIds.length === 0) return { suggestions: [] };
  const rows = await suggestionsOf(ctx.db, clientId, kind, [...new Set(recordIds)]);
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
