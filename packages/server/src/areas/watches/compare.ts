import { WATCHED_FIELDS, type WatchChange } from '@portal/contract';

/**
 * A run compared with what the watch knew (issue 30 point 2, spec README "Watches and webhooks"). Pure: the run's
 * finish (finish.ts) reads the state, calls this, and writes what it answers.
 *
 * - new: a URL the watch has never seen;
 * - changed: seen before and now, with at least one watched field different (which, from what to what);
 * - unchanged: seen before and now, the same;
 * - gone: seen before, missed by this run and by the run before it (one miss can be a page that failed to load or
 *   a listing pushed past the target count: the second run confirms it); reported once;
 * - back: seen now while its record's takedown says "taken down", once per disappearance (a listing still up after
 *   the takedown was recorded is back too, the first time it is seen after that).
 */

export type ListingFields = Partial<Record<(typeof WATCHED_FIELDS)[number], string>>;

export interface KnownListing {
  url: string;
  fields: ListingFields;
  /** Runs in a row that did not see it. */
  missed: number;
  gone: boolean;
  /** Its record's takedown result is "taken down". */
  takenDown: boolean;
  /** Already reported back since it was last missed. */
  backReported: boolean;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface ListingOutcome {
  url: string;
  change: WatchChange;
  fields: FieldChange[];
  /** What the watch keeps for the next run. */
  next: Omit<KnownListing, 'url' | 'takenDown'>;
}

const norm = (v: string | undefined) => (v === undefined ? null : v.replace(/\s+/g, ' ').trim() || null);

export function fieldChanges(before: ListingFields, after: ListingFields): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of WATCHED_FIELDS) {
    const a = norm(before[field]);
    const b = norm(after[field]);
    // A field the page did not show this time is not a change (a price hidden behind a failed script, a missing
    // image): only a value that is there and different is.
    if (b !== null && a !== b) out.push({ field, before: a, after: b });
  }
  return out;
}

export function compareRun(known: ReadonlyMap<string, KnownListing>, seen: ReadonlyMap<string, ListingFields>): ListingOutcome[] {
  const out: ListingOutcome[] = [];
  for (const [url, fields] of seen) {
    const before = known.get(url);
    if (!before) {
      out.push({ url, change: 'new', fields: [], next: { fields, missed: 0, gone: false, backReported: false } });
      continue;
    }
    const changes = fieldChanges(before.fields, fields);
    const kept = { ...before.fields, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => norm(v) !== null)) };
    if (before.takenDown && !before.backReported) {
      out.push({ url, change: 'back', fields: changes, next: { fields: kept, missed: 0, gone: false, backReported: true } });
      continue;
    }
    out.push({ url, change: changes.length > 0 ? 'changed' : 'unchanged', fields: changes, next: { fields: kept, missed: 0, gone: false, backReported: before.backReported } });
  }
  for (const [url, before] of known) {
    if (seen.has(url) || before.gone) continue;
    const missed = before.missed + 1;
    const next = { fields: before.fields, missed, gone: missed >= 2, backReported: false };
    out.push({ url, change: missed >= 2 ? 'gone' : 'unchanged', fields: [], next });
  }
  return out;
}
