import { BACKTEST_DISAGREEMENTS, type BacktestAnswer, type TriageRuleBody } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { compileRule } from './compile.js';
import { SOURCES, loadClusters, readBatch } from './sources.js';

/**
 * The backtest (issue 19, point 3): one rule, as written in the editor, over the records of its kind the analysts
 * already categorized. matched: records it matches; agreed: those the analysts put in the rule's subcategory;
 * precision agreed / matched; recall agreed / all categorized in that subcategory; and the first disagreements
 * (matched but categorized otherwise) with their trace, to look at. Nothing is written.
 */
const BACKTEST_BATCH = 50_000;

export async function backtest(ctx: AuthedContext, clientId: number, body: TriageRuleBody): Promise<BacktestAnswer> {
  const started = Date.now();
  const source = SOURCES[body.kind];
  const compiled = compileRule({ ...body, ruleId: 0 });
  const types = new Set(body.conditions.map((c) => c.type));
  const signals = { cluster: types.has('cluster'), price: types.has('modelPrice') || types.has('priceScore') };
  let categorized = 0;
  let matched = 0;
  let agreed = 0;
  let inSubcategory = 0;
  const disagreements: BacktestAnswer['disagreements'] = [];
  const clusters = signals.cluster ? await loadClusters(ctx.db, clientId, body.kind) : null;
  let after = 0;
  for (;;) {
    const rows = await readBatch(ctx.db, source, clientId, { signals, clusters, categorized: true, after, limit: BACKTEST_BATCH });
    for (const row of rows) {
      categorized += 1;
      const mine = row.category === body.subcategoryId;
      if (mine) inSubcategory += 1;
      const trace = compiled.match(row);
      if (!trace) continue;
      matched += 1;
      if (mine) agreed += 1;
      else if (disagreements.length < BACKTEST_DISAGREEMENTS) disagreements.push({ recordId: row.id, text: row.text.slice(0, 300), subcategoryId: row.category, trace });
    }
    if (rows.length < BACKTEST_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return {
    categorized,
    matched,
    agreed,
    inSubcategory,
    precision: matched === 0 ? null : agreed / matched,
    recall: inSubcategory === 0 ? null : agreed / inSubcategory,
    disagreements,
    ms: Date.now() - started,
  };
}
