import type { TriageCondition, TriageKind } from '@portal/contract';

/**
 * Rules compiled once per evaluation into plain functions over a record's triage values, so a million records
 * are judged in TypeScript at memory speed: words lower-cased once, sites and regions in sets, the pattern a
 * RegExp (restricted by the contract's patternProblem, and run on at most TEXT_MAX characters). A rule's answer is
 * its trace (each condition with the values that made it hold), or null when a condition fails.
 */

/** What a rule looks at in one record (source-queries.ts reads it for each kind). */
export interface TriageRow {
  id: number;
  /** The title (EC), the post text (SNS), the page domain and URL (WS). */
  text: string;
  seller: string;
  site: string;
  region: string;
  black: string;
  white: string;
  brandHint: string;
  sold: number | null;
  stock: number | null;
  modelRatio: number | null;
  score: number | null;
  /** The seller key found in a network (SNS: the account id or name), and that network's size. */
  clusterSeller: string | null;
  clusterSellers: number | null;
  repeatOffender: boolean | null;
  /** The kinds of match the record's listing picture has (issue 31: same-photo, logo, wordmark, shared-photo), when a rule asks. */
  pictureMatches: string[];
  /** The analysts' category (null: not categorized). */
  category: number | null;
}

export interface TraceStep {
  type: string;
  values: (string | number)[];
}

export interface RuleLike {
  ruleId: number;
  name: string;
  kind: TriageKind;
  enabled?: boolean;
  conditions: TriageCondition[];
  subcategoryId: number;
  productCategoryId: number | null;
  remark: string;
}

/** A pattern never looks further than this into a text (titles and post texts are at most 2,000 characters). */
export const TEXT_MAX = 2_000;

type Check = (row: TriageRow, lower: () => string) => (string | number)[] | null;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function compileCondition(c: TriageCondition): Check {
  switch (c.type) {
    case 'words': {
      const words = [...new Set(c.words.map((w) => w.toLowerCase()))];
      if (c.match === 'any') {
        return (_row, lower) => {
          const text = lower();
          // Most records match none: no array is made until a word is found.
          let i = 0;
          while (i < words.length && !text.includes(words[i]!)) i += 1;
          return i === words.length ? null : words.slice(i).filter((w) => text.includes(w));
        };
      }
      return (_row, lower) => {
        const text = lower();
        for (const w of words) if (!text.includes(w)) return null;
        return words;
      };
    }
    case 'pattern': {
      const re = new RegExp(c.pattern, 'iu');
      return (row) => {
        const m = re.exec(row.text.length > TEXT_MAX ? row.text.slice(0, TEXT_MAX) : row.text);
        return m ? [m[0]] : null;
      };
    }
    case 'list':
      return c.list === 'black' ? (row) => (row.black ? [row.black] : null) : (row) => (row.white ? [row.white] : null);
    case 'cluster':
      return (row) =>
        row.clusterSellers !== null && row.clusterSellers >= c.minSellers && (!c.repeatOffender || row.repeatOffender === true) ? [row.clusterSeller ?? row.seller, row.clusterSellers] : null;
    case 'site': {
      const sites = new Set(c.sites.map((s) => s.toLowerCase()));
      return (row) => (sites.has(row.site.toLowerCase()) ? [row.site] : null);
    }
    case 'region': {
      const regions = new Set(c.regions.map((s) => s.toLowerCase()));
      return (row) => (regions.has(row.region.toLowerCase()) ? [row.region] : null);
    }
    case 'modelPrice':
      return (row) => (row.modelRatio !== null && row.modelRatio * 100 < c.belowPercent ? [round(row.modelRatio * 100, 1)] : null);
    case 'priceScore':
      return (row) => (row.score !== null && row.score > c.above ? [round(row.score, 2)] : null);
    case 'brandHint':
      return (row) => (row.brandHint ? [row.brandHint] : null);
    case 'count':
      return c.field === 'sold' ? (row) => (row.sold !== null && row.sold > c.above ? [row.sold] : null) : (row) => (row.stock !== null && row.stock > c.above ? [row.stock] : null);
    case 'picture': {
      const wanted = new Set<string>(c.matches);
      return (row) => {
        const found = row.pictureMatches.filter((kind) => wanted.has(kind));
        return found.length > 0 ? found : null;
      };
    }
  }
}

let lastRow: TriageRow | null = null;
let lastLower = '';
function loweredOf(row: TriageRow): string {
  if (row !== lastRow) {
    lastRow = row;
    lastLower = row.text.toLowerCase();
  }
  return lastLower;
}

export interface CompiledRule {
  rule: RuleLike;
  /** The trace when every condition holds, else null. */
  match(row: TriageRow): TraceStep[] | null;
}

export function compileRule(rule: RuleLike): CompiledRule {
  const checks = rule.conditions.map((c) => ({ type: c.type, check: compileCondition(c) }));
  // The lower-cased text is made once per record and shared by every rule (loweredOf keeps the last one).
  const check = (row: TriageRow, i: number) => checks[i]!.check(row, () => loweredOf(row));
  return {
    rule,
    match(row) {
      const values = check(row, 0);
      if (values === null) return null;
      const trace: TraceStep[] = [{ type: checks[0]!.type, values }];
      for (let i = 1; i < checks.length; i += 1) {
        const more = check(row, i);
        if (more === null) return null;
        trace.push({ type: checks[i]!.type, values: more });
      }
      return trace;
    },
  };
}

/** The first rule (in order) that matches a record, with its trace. */
export function firstMatch(rules: CompiledRule[], row: TriageRow): { rule: RuleLike; trace: TraceStep[] } | null {
  for (const r of rules) {
    const trace = r.match(row);
    if (trace) return { rule: r.rule, trace };
  }
  return null;
}

/** The condition types the rules use (the source reads the joined signals only when needed). */
export function usedTypes(rules: RuleLike[]): Set<TriageCondition['type']> {
  return new Set(rules.flatMap((r) => r.conditions.map((c) => c.type)));
}
