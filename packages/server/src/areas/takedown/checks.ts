import { translate, type ProblemField, type TakedownProblem } from '@portal/contract';
import { trademarkRegionName } from '@portal/contract/trademark-lists';
import { COUNTRIES } from '@portal/contract/code-lists';
import { coversCountry, type RecordFacts } from './facts.js';

/**
 * The pre-send check: what would make a platform refuse the notice for a record, each naming the record's part to
 * fix and saying why in the user's language. A record with problems still gets its notice drafted, so the analyst
 * sees the whole picture; marking sent refuses while any remain.
 */

/** Result 2 of a round or of the final result: the listing is already gone. */
const TAKEN_DOWN = 2;

const countryName = (code: string, locale: 'en' | 'ja') => COUNTRIES.find((c) => c.code === code)?.[locale] ?? code;

export function presendProblems(f: RecordFacts, today: string, locale: 'en' | 'ja'): TakedownProblem[] {
  const problems: TakedownProblem[] = [];
  const add = (field: ProblemField, key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    problems.push({ recordId: f.id, field, message: translate(locale, key, params) });
  const m = f.trademark;
  if (!m) add('trademark', 'takedown.problem.noTrademark');
  else {
    if (f.country !== null && !coversCountry(m.region, f.country)) {
      add('trademark', 'takedown.problem.trademarkRegion', { no: m.no, region: trademarkRegionName(m.region, locale), listingRegion: countryName(f.country, locale) });
    }
    if (m.invalidDate !== null && m.invalidDate < today) add('trademark', 'takedown.problem.trademarkExpired', { no: m.no, date: m.invalidDate });
  }
  if (f.captures.length === 0 && f.uploadedScreenshots === 0) add('evidence', 'takedown.problem.noEvidence');
  if (f.whitelisted !== '') add('seller', 'takedown.problem.whitelisted', { reason: f.whitelisted });
  if (f.finalResult === TAKEN_DOWN || f.rounds.some((r) => r.result === TAKEN_DOWN)) add('result', 'takedown.problem.takenDown');
  return problems;
}
