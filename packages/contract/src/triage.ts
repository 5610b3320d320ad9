import { z } from 'zod';
import { id, recordId } from './validation.js';
import * as ecRecords from './ec-records.js';
import * as wsRecords from './ws-records.js';
import * as snsRecords from './sns-records.js';
import { IMAGE_MATCH_KINDS } from './pictures.js';

/**
 * Issue 19, points 1 to 3: a client's triage rules, the suggestions they make with their trace, the backtest and
 * accepting suggestions. Everything here is internal to the provider: analysts only (client users are refused).
 */

export const TRIAGE_KINDS = ['ec', 'ws', 'sns'] as const;
export type TriageKind = (typeof TRIAGE_KINDS)[number];
export const TRIAGE_RULES_MAX = 100;
export const TRIAGE_CONDITIONS_MAX = 12;
export const TRIAGE_WORDS_MAX = 50;
export const TRIAGE_PATTERN_MAX = 100;
/** The most disagreements a backtest answers. */
export const BACKTEST_DISAGREEMENTS = 20;
/** The most records one acceptance takes (the whole search result of a big client is refused above this). */
export const ACCEPT_MAX = 100_000;

const kind = z.enum(TRIAGE_KINDS, { error: 'validation.triageKind' });
const word = z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong');
const words = z.array(word).min(1, 'validation.triageWordsRequired').max(TRIAGE_WORDS_MAX, 'validation.tooMany');
const ratio = z.number({ error: 'validation.triageNumber' }).finite('validation.triageNumber').min(0, 'validation.triageNumber').max(1_000_000, 'validation.triageNumber');

/**
 * A pattern is a regular expression restricted so that matching stays linear-ish on any title (no catastrophic
 * backtracking): at most TRIAGE_PATTERN_MAX characters; no back-references, look-arounds or named groups; no
 * quantified group that itself holds a quantifier or an alternation (star height one, the shape of every
 * exponential case); at most two unbounded quantifiers (`*`, `+`, `{n,}`, `{n,m}` with m > 20), so the worst case
 * over a 2,000-character title is quadratic. Answers the message key of the first problem, or null.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'validation.required';
  if (pattern.length > TRIAGE_PATTERN_MAX) return 'validation.triagePatternTooLong';
  if (/\\[1-9k]|\(\?(?:[=!]|<[=!]|<[A-Za-z])/.test(pattern)) return 'validation.triagePatternUnsafe';
  const groups: { quantified: boolean; alternation: boolean }[] = [{ quantified: false, alternation: false }];
  let unbounded = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const top = groups[groups.length - 1]!;
    if (c === '[') inClass = true;
    else if (c === '(') groups.push({ quantified: false, alternation: false });
    else if (c === '|') top.alternation = true;
    else if (c === ')') {
      const inner = groups.pop();
      if (!inner || groups.length === 0) return 'validation.triagePatternInvalid';
      const next = pattern[i + 1];
      if ((next === '*' || next === '+' || next === '?' || next === '{') && (inner.quantified || inner.alternation)) return 'validation.triagePatternUnsafe';
      // What a group holds counts for the group around it.
      const outer = groups[groups.length - 1]!;
      outer.quantified ||= inner.quantified;
    } else if (c === '*' || c === '+') {
      top.quantified = true;
      unbounded += 1;
    } else if (c === '?') top.quantified = true;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m) {
        top.quantified = true;
        if (m[2] !== undefined && (m[3] === '' || Number(m[3]) > 20)) unbounded += 1;
        if (Number(m[1]) > 1000) return 'validation.triagePatternUnsafe';
        i += m[0].length - 1;
      }
    }
  }
  if (groups.length !== 1 || inClass) return 'validation.triagePatternInvalid';
  if (unbounded > 2) return 'validation.triagePatternUnsafe';
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return 'validation.triagePatternInvalid';
  }
  return null;
}

const pattern = z
  .string()
  .max(TRIAGE_PATTERN_MAX, 'validation.triagePatternTooLong')
  .superRefine((p, ctx) => {
    const problem = patternProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One condition of a rule; a rule matches when all of its conditions hold. */
export const condition = z.discriminatedUnion(
  'type',
  [
    /** The title (EC), post text (SNS) or page domain and URL (WS) holds any / all of the words (case-insensitive). */
    z.object({ type: z.literal('words'), match: z.enum(['any', 'all']), words }),
    z.object({ type: z.literal('pattern'), pattern }),
    /** The seller (EC) or account (SNS) is on the client's black or white list (as the upload marked it). */
    z.object({ type: z.literal('list'), list: z.enum(['black', 'white']) }),
    /** The seller or account belongs to a seller network (issue 19, point 5) of at least `minSellers` sellers. */
    z.object({ type: z.literal('cluster'), minSellers: z.number().int().min(2).max(100_000).optional().default(2), repeatOffender: z.boolean().optional().default(false) }),
    /** The site (EC), search engine (WS) or platform (SNS) is one of these. */
    z.object({ type: z.literal('site'), sites: words }),
    z.object({ type: z.literal('region'), regions: words }),
    /** The price is below this percentage of its brand model's master price (EC). */
    z.object({ type: z.literal('modelPrice'), belowPercent: ratio }),
    /** The abnormal-price score (median / MAD, positive when cheaper than its peers) is above this (EC). */
    z.object({ type: z.literal('priceScore'), above: z.number().finite().min(-1_000_000).max(1_000_000) }),
    z.object({ type: z.literal('brandHint') }),
    z.object({ type: z.literal('count'), field: z.enum(['sold', 'stock']), above: z.number().int().min(0).max(2_000_000_000) }),
    /** The listing's picture matched in one of these ways (issue 31): a genuine photo, the logo, the word mark, other sellers' picture. */
    z.object({ type: z.literal('picture'), matches: z.array(z.enum(IMAGE_MATCH_KINDS, { error: 'validation.triageCondition' })).min(1, 'validation.required').max(IMAGE_MATCH_KINDS.length, 'validation.tooMany') }),
  ],
  { error: 'validation.triageCondition' },
);
export type TriageCondition = z.output<typeof condition>;
export type TriageConditionType = TriageCondition['type'];

/** Which conditions each kind's records can answer. */
export const KIND_CONDITIONS: Record<TriageKind, readonly TriageConditionType[]> = {
  ec: ['words', 'pattern', 'list', 'cluster', 'site', 'region', 'modelPrice', 'priceScore', 'brandHint', 'count', 'picture'],
  ws: ['words', 'pattern', 'site', 'region'],
  sns: ['words', 'pattern', 'list', 'cluster', 'site', 'region', 'picture'],
};

/** A rule as written in the editor (and backtested before it is saved). */
export const ruleBody = z
  .object({
    kind,
    name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    enabled: z.boolean().optional().default(true),
    conditions: z.array(condition).min(1, 'validation.triageConditionsRequired').max(TRIAGE_CONDITIONS_MAX, 'validation.tooMany'),
    /** EC: an infringement subcategory id; WS: a site category code; SNS: an SNS category code. */
    subcategoryId: id,
    productCategoryId: id.nullable().optional().default(null),
    remark: z.string().max(2000, 'validation.tooLong').optional().default(''),
  })
  .superRefine((r, ctx) => {
    r.conditions.forEach((c, i) => {
      if (!KIND_CONDITIONS[r.kind].includes(c.type)) ctx.addIssue({ code: 'custom', message: 'validation.triageConditionKind', path: ['conditions', i, 'type'] });
    });
    if (r.kind !== 'ec' && r.productCategoryId !== null) ctx.addIssue({ code: 'custom', message: 'validation.triageConditionKind', path: ['productCategoryId'] });
  });
export type TriageRuleBody = z.output<typeof ruleBody>;

export const rule = z.object({
  ruleId: z.number(),
  kind,
  position: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  conditions: z.array(condition),
  subcategoryId: z.number(),
  productCategoryId: z.number().nullable(),
  remark: z.string(),
  updatedAt: z.string(),
});
export type TriageRule = z.output<typeof rule>;

export const fetchRulesInput = z.object({ clientId: id });
export const rulesOutput = z.object({ rules: z.array(rule) });
export const createRuleInput = z.object({ clientId: id, rule: ruleBody });
export const updateRuleInput = z.object({ clientId: id, ruleId: id, rule: ruleBody });
export const removeRuleInput = z.object({ clientId: id, ruleId: id });
/** Moves a rule to a position (0 first) among the client's rules. */
export const moveRuleInput = z.object({ clientId: id, ruleId: id, position: z.number().int().min(0).max(TRIAGE_RULES_MAX) });

/** One condition of the trace: what it asked and the record's values that made it hold. */
export const traceStep = z.object({ type: z.string(), values: z.array(z.union([z.string(), z.number()])) });
export const suggestion = z.object({
  recordId: z.number(),
  ruleId: z.number(),
  ruleName: z.string(),
  subcategoryId: z.number(),
  productCategoryId: z.number().nullable(),
  remark: z.string(),
  trace: z.array(traceStep),
  computedAt: z.string(),
});
export type TriageSuggestion = z.output<typeof suggestion>;

/** The suggestions of some records (a list page's, a detail's): those without one are left out. */
export const fetchSuggestionsInput = z.object({ clientId: id, kind, recordIds: z.array(recordId).max(500, 'validation.tooMany') });
export const suggestionsOutput = z.object({ suggestions: z.array(suggestion) });

/** Re-runs the rules over all of the client's records now (also queued by every rule change and upload). */
export const evaluateInput = z.object({ clientId: id });
export const evaluateOutput = z.object({ queued: z.boolean() });

/** The records to accept: the selection, or the whole search result of the list (with its kind's search). */
const acceptTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('ec'), recordIds: z.array(recordId).max(ACCEPT_MAX, 'validation.tooMany').optional(), search: ecRecords.recordSearch.optional() }),
    z.object({ kind: z.literal('ws'), recordIds: z.array(recordId).max(ACCEPT_MAX, 'validation.tooMany').optional(), search: wsRecords.recordSearch.optional() }),
    z.object({ kind: z.literal('sns'), recordIds: z.array(recordId).max(ACCEPT_MAX, 'validation.tooMany').optional(), search: snsRecords.recordSearch.optional() }),
  ],
  { error: 'validation.triageKind' },
);
export const acceptInput = z
  .object({ clientId: id, target: acceptTarget })
  .refine((i) => (i.target.recordIds === undefined) !== (i.target.search === undefined), { message: 'validation.triageAcceptTarget', path: ['target'] })
  .refine((i) => i.target.search === undefined || i.target.search.clientId === i.clientId, { message: 'validation.triageAcceptTarget', path: ['target', 'search', 'clientId'] });
/** How many of the target's records have a suggestion that differs from their category (the confirmation names it). */
export const acceptCountOutput = z.object({ count: z.number() });
export const acceptOutput = z.object({ updateCount: z.number(), batchId: z.number().nullable() });

export const backtestInput = z.object({ clientId: id, rule: ruleBody });
export const backtestOutput = z.object({
  /** Records analysts already categorized (of the rule's kind). */
  categorized: z.number(),
  matched: z.number(),
  /** Matched records the analysts put in the rule's subcategory. */
  agreed: z.number(),
  /** Categorized records in the rule's subcategory. */
  inSubcategory: z.number(),
  /** agreed / matched, null when nothing matched. */
  precision: z.number().nullable(),
  /** agreed / inSubcategory, null when none is in it. */
  recall: z.number().nullable(),
  disagreements: z.array(z.object({ recordId: z.number(), text: z.string(), subcategoryId: z.number().nullable(), trace: z.array(traceStep) })),
  ms: z.number(),
});
export type BacktestAnswer = z.output<typeof backtestOutput>;

export const triageCalls = {
  '/api/triage/fetch-rules': { input: fetchRulesInput, output: rulesOutput },
  '/api/triage/create-rule': { input: createRuleInput, output: rulesOutput },
  '/api/triage/update-rule': { input: updateRuleInput, output: rulesOutput },
  '/api/triage/remove-rule': { input: removeRuleInput, output: rulesOutput },
  '/api/triage/move-rule': { input: moveRuleInput, output: rulesOutput },
  '/api/triage/backtest': { input: backtestInput, output: backtestOutput },
  '/api/triage/evaluate': { input: evaluateInput, output: evaluateOutput },
  '/api/triage/fetch-suggestions': { input: fetchSuggestionsInput, output: suggestionsOutput },
  '/api/triage/fetch-accept-count': { input: acceptInput, output: acceptCountOutput },
  '/api/triage/accept-suggestions': { input: acceptInput, output: acceptOutput },
} as const;
