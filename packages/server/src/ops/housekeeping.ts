import type { Services } from '../platform/context.js';
import { IDLE_LIMIT_MS } from '../platform/auth.js';
import type { DailyJob } from '../platform/jobs.js';
import { deleteForgottenUploads, deleteOrphanCaptureFiles } from '../platform/files.js';
import { dropAbandonedImports } from '../records/upload/import-queries.js';
import { DELIVERY_LOG_DAYS, deleteSettledBefore } from '../areas/webhooks/delivery-repo.js';

/** Removes what can no longer be used: idle sessions, old verification codes, finished throttle windows, uploads never saved, old webhook deliveries. */
export async function housekeeping(services: Services, now: Date): Promise<{ sessions: number; codes: number; throttles: number; uploads: number; imports: number; webhookDeliveries: number }> {
  const { db } = services;
  const sessions = await db.deleteFrom('session_token').where('last_used_at', '<', new Date(now.getTime() - IDLE_LIMIT_MS)).executeTakeFirst();
  // Codes are kept a day after they expire: the per-hour request limit counts them.
  const codes = await db.deleteFrom('verification_code').where('expires_at', '<', new Date(now.getTime() - 86_400_000)).executeTakeFirst();
  const throttles = await db.deleteFrom('throttle').where('window_start', '<', new Date(now.getTime() - 86_400_000)).executeTakeFirst();
  // Capture files of captures that went with their record (the record's removal cascades to the capture rows).
  const uploads = (await deleteForgottenUploads(db, now)) + (await deleteOrphanCaptureFiles(db));
  // Report uploads whose process died mid-import (invisible, never finished).
  const imports = await dropAbandonedImports(db);
  // The webhook delivery log keeps a month of settled deliveries (waiting ones stay until they settle).
  const webhookDeliveries = await deleteSettledBefore(db, new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000));
  return {
    uploads,
    imports,
    webhookDeliveries,
    sessions: Number(sessions.numDeletedRows),
    codes: Number(codes.numDeletedRows),
    throttles: Number(throttles.numDeletedRows),
  };
}

export const housekeepingJob: DailyJob = {
  name: 'housekeeping',
  cron: '17 3 * * *',
  run: async (services, now) => {
    const removed = await housekeeping(services, now);
    services.log.info({ removed }, 'housekeeping');
  },
};
