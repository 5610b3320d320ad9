import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { WatchRunStatus } from '@portal/contract';

/**
 * SQL of the record lists' watch columns (derived.ts) over an EC record `r`: its latest watch change and when a
 * watch first found it, and their filters, which read the client's watches first. A record two watches of the
 * client follow shows the latest change of either and the earlier finding.
 */

const iso = (at: RawBuilder<unknown>) => sql`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The record's latest watch change: `{ change, fields: [{ field, before, after }], at }` (the run's start), or null. */
export const LATEST_CHANGE = sql`(
  SELECT jsonb_build_object('change', c.change, 'fields', c.fields, 'at', ${iso(sql`wr.started_at`)})
  FROM watch_listing l JOIN watch_change c ON c.listing_id = l.id JOIN watch_run wr ON wr.id = c.run_id
  WHERE l.record_id = r.ec_id ORDER BY c.id DESC LIMIT 1)`;

/** The run of a listing's first finding (a skipped start shares the run number of the run it waited for). */
const FIRST_RUN = sql`wr.watch_id = l.watch_id AND wr.run_no = l.first_run AND wr.status <> ${WatchRunStatus.SKIPPED}`;

/** When a watch first found the record (the start of the run that found it), or null. */
export const FOUND_AT = sql`(
  SELECT ${iso(sql`min(wr.started_at)`)} FROM watch_listing l JOIN watch_run wr ON ${FIRST_RUN} WHERE l.record_id = r.ec_id)`;

/** The client's records whose latest watch change is one of `changes`. */
export function latestChangeIn(clientId: number, changes: string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.ec_id IN (
    SELECT l.record_id FROM watch w JOIN watch_listing l ON l.watch_id = w.id
    JOIN LATERAL (SELECT c.change FROM watch_change c WHERE c.listing_id = l.id ORDER BY c.id DESC LIMIT 1) c ON TRUE
    WHERE w.client_id = ${clientId} AND l.record_id IS NOT NULL AND c.change = ANY(${changes}::text[]))`;
}

/** The client's records a watch first found at or after `since`. */
export function foundSince(clientId: number, since: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.ec_id IN (
    SELECT l.record_id FROM watch w JOIN watch_listing l ON l.watch_id = w.id JOIN watch_run wr ON ${FIRST_RUN}
    WHERE w.client_id = ${clientId} AND l.record_id IS NOT NULL AND wr.started_at >= ${since})`;
}

/** The client's records found by the latest finished run of the watch that found them. */
export function foundInLastRun(clientId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.ec_id IN (
    SELECT l.record_id FROM watch w JOIN watch_listing l ON l.watch_id = w.id
    WHERE w.client_id = ${clientId} AND l.record_id IS NOT NULL
      AND l.first_run = (SELECT max(wr.run_no) FROM watch_run wr WHERE wr.watch_id = w.id AND wr.status = ${WatchRunStatus.FINISHED}))`;
}

/** The client's records no watch follows (the blank of either column). */
export function notWatched(clientId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.ec_id NOT IN (
    SELECT l.record_id FROM watch w JOIN watch_listing l ON l.watch_id = w.id WHERE w.client_id = ${clientId} AND l.record_id IS NOT NULL)`;
}
