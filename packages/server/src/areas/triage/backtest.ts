import { BACKTEST_DISAGREEMENTS, type BacktestAnswer, type TriageRuleBody } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { compileRule } from './compile.js';
import { checkSuggestion } from './rules.js';
import { allOf, categorizedOtherwise, countCategorized, countMatches } from './backtest-queries.js';
import { SOURCES, loadClusters, prefilter, readBatch } from './source-queries.js';
import { localizeTrace } from './suggestions.js';

/**
 * The backtest (issue 19, point 3): one rule, as written in the editor, over the records of its kind the analysts
 * already categorized. matched: records it matches; agreed: those the analysts put in the rule's subcategory;
 * precision agreed / matched; recall agreed / all categorized in that subcategory; and the first disagreements
 * (matched but categorized otherwise) with their trace, to look at. Nothing is written.
 */
const BACKTEST_BATCH = 50_000;

export async function backtest(ctx: AuthedContext, clientId: number, body: TriageRuleBody): Promise<BacktestAnswer> {
  const started = Date.now();
  // A category the kind does not have is refused as the rule's save would refuse it.
  await checkSuggestion(ctx.db, clientId, body);
  const source = SOURCES[body.kind];
  const compiled = compileRule({ ...body, ruleId: 0 });
  const types = new Set(body.conditions.map((c) => c.type));
  const signals = { cluster: types.has('cluster'), price: types.has('modelPrice') || types.has('priceScore'), picture: types.has('picture') };
  const clusters = signals.cluster ? await loadClusters(ctx.db, clientId, body.kind) : null;
  // What the rule is measured against, counted in the database; then only the records it may match are read.
  // Counted beside the reading (PostgreSQL: another pooled connection; PGlite: queued on its one).
  const counting = countCategorized(ctx.db, source, clientId, body.subcategoryId);
  // Should the reading fail first, the count's own failure is not left unhandled (the call answers the first one).
  counting.catch(() => undefined);
  const pushed = body.conditions.map((c) => prefilter(source, c)).filter((w): w is NonNullable<typeof w> => w !== null);
  const where = allOf(pushed);
  let matched = 0;
  let agreed = 0;
  const disagreements: BacktestAnswer['disagreements'] = [];
  // Every condition said exactly in SQL (an SNS account's network membership is only a superset there): the database counts the
  // matches and the agreements, and only the first disagreements are read and judged, for their trace. Reading
  // every admitted record into the process was the backtest's cost (a fifth of a million-record client: ~2 s).
  const exact = where !== null && pushed.length === body.conditions.length && !(types.has('cluster') && body.kind !== 'ec');
  if (exact) {
    ({ matched, agreed } = await countMatches(ctx.db, source, clientId, { subcategoryId: body.subcategoryId, where, price: signals.price }));
    const others = categorizedOtherwise(source, where, body.subcategoryId);
    const rowsOff = await readBatch(ctx.db, source, clientId, { signals, clusters, categorized: true, where: others, after: 0, limit: BACKTEST_DISAGREEMENTS });
    for (const row of rowsOff) {
      const trace = compiled.match(row);
      if (trace) disagreements.push({ recordId: row.id, text: row.text.slice(0, 300), subcategoryId: row.category, trace });
    }
  }
  let after = 0;
  for (; !exact; ) {
    const rows = await readBatch(ctx.db, source, clientId, { signals, clusters, categorized: true, where, after, limit: BACKTEST_BATCH });
    for (const row of rows) {
      const trace = compiled.match(row);
      if (!trace) continue;
      matched += 1;
      if (row.category === body.subcategoryId) agreed += 1;
      else if (disagreements.length < BACKTEST_DISAGREEMENTS) disagreements.push({ recordId: row.id, text: row.text.slice(0, 300), subcategoryId: row.category, trace });
    }
    if (rows.length < BACKTEST_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  const { categorized, inSubcategory } = await counting;
  return {
    categorized,
    matched,
    agreed,
    inSubcategory,
    precision: matched === 0 ? null : agreed / matched,
    recall: inSubcategory === 0 ? null : agreed / inSubcategory,
    disagreements: disagreements.map((d) => ({ ...d, trace: localizeTrace(d.trace, ctx.locale) })),
    ms: Date.now() - started,
  };
}
