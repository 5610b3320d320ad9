import type { AuthedContext } from '../../platform/context.js';
import { EC_KIND } from './kind.js';
import { recordsChanged } from '../../records/search/changes.js';
import { listReports, reportToActOn } from '../../records/reports/reports.js';
import { deleteRepeatRecords, inheritFromEarlierRecords } from './queries.js';

/**
 * Marketplace (EC) report actions of its own (document 1, 2.12 "EC report tab"): inherit the categorization of
 * earlier records of the same listing, delete the repeats. The shared ones are the engine's (../records).
 */

/**
 * Inherit: an uncategorized record takes the categorization, response and results of the latest earlier record
 * of the same listing (same normalised URL) of this client in another report.
 */
export async function inheritRecords(ctx: AuthedContext, clientId: number, reportId: number) {
  await reportToActOn(ctx, EC_KIND, clientId, reportId);
  const count = await inheritFromEarlierRecords(ctx, clientId, reportId);
  if (count > 0) await recordsChanged(ctx.services, ctx.db, EC_KIND, clientId);
  return { reports: await listReports(ctx, EC_KIND, clientId), count };
}

export async function deleteRepeats(ctx: AuthedContext, clientId: number, reportId: number) {
  await reportToActOn(ctx, EC_KIND, clientId, reportId);
  const count = await deleteRepeatRecords(ctx.db, clientId, reportId);
  await recordsChanged(ctx.services, ctx.db, EC_KIND, clientId);
  return { reports: await listReports(ctx, EC_KIND, clientId), count };
}
