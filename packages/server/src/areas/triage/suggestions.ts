import type { Locale, TriageKind, TriageSuggestion } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import type { TraceStep } from './compile.js';
import { suggestionsOf } from './repo.js';
import { localizeHints } from '../../records/core/hint-text.js';

/** The steps that quote stored match reasons (list reasons, brand hints): in the reader's language. */
const HINT_STEPS = new Set(['list', 'brandHint']);
export function localizeTrace(trace: TraceStep[], locale: Locale): TraceStep[] {
  if (locale === 'en') return trace;
  return trace.map((s) => (HINT_STEPS.has(s.type) ? { ...s, values: s.values.map((v) => (typeof v === 'string' ? localizeHints(v, locale) : v)) } : s));
}

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
      trace: localizeTrace(r.trace as TriageSuggestion['trace'], ctx.locale),
      computedAt: new Date(r.computed_at).toISOString(),
    })),
  };
}
