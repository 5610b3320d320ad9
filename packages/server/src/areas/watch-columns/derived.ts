import { NEW_SINCE, WATCH_CHANGES, type NewSince } from '@portal/contract';
import type { DerivedField } from '../../records/core/kind.js';
import { FOUND_AT, LATEST_CHANGE, foundInLastRun, foundSince, latestChangeIn, notWatched } from './derived-queries.js';
import { or } from '../../records/search/conditions.js';

/**
 * The watches' columns in the EC record list (a folder of their own: the EC kind imports them, and the watches
 * import the crawler, which imports the EC kind) (issue 30 point 2; records/core/kind.ts `derived`): "changes", the
 * record's latest watch change, filtered by its kind (new, changed, gone, back); and when a watch first found the
 * record, whose filter is the list's "new since" (NEW_SINCE: each watch's last finished run, or a span back from
 * now). Client users see them too: their list holds only their company's posted records. The SQL is in
 * derived-queries.ts.
 */

const DAYS: Record<Exclude<NewSince, 'last-run'>, number> = { P1D: 1, P7D: 7, P30D: 30 };

export const WATCH_COLUMNS: Record<string, DerivedField> = {
  watch_change: {
    analystsOnly: false,
    select: LATEST_CHANGE,
    filter(values, clientId) {
      if (values.length === 0) return null;
      // Values that are no change kind match nothing (as a word in a number column does elsewhere); the blank is
      // the records no watch follows.
      const changes = WATCH_CHANGES.filter((c) => values.includes(c));
      return or([...(changes.length > 0 ? [latestChangeIn(clientId, changes)] : []), ...(values.includes(null) ? [notWatched(clientId)] : [])]);
    },
  },
  watch_found_at: {
    analystsOnly: false,
    select: FOUND_AT,
    filter(values, clientId, now) {
      if (values.length === 0) return null;
      const asked = NEW_SINCE.filter((s) => values.includes(s));
      return or([
        ...asked.map((s) => (s === 'last-run' ? foundInLastRun(clientId) : foundSince(clientId, new Date(now.getTime() - DAYS[s] * 86_400_000)))),
        ...(values.includes(null) ? [notWatched(clientId)] : []),
      ]);
    },
  },
};
