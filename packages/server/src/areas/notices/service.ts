import type { AuthedContext, Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { countUnviewed } from './repo.js';

/** The badge count, read from a short cache that every change to a user's notices invalidates. */
export async function unviewedCount(ctx: AuthedContext): Promise<number> {
  const { unviewedCounts } = ctx.services;
  const at = ctx.now.getTime();
  const cached = unviewedCounts.get(ctx.user.userId, at);
  if (cached !== undefined) return cached;
  const count = await countUnviewed(ctx.db, ctx.user.userId);
  unviewedCounts.set(ctx.user.userId, count, at);
  return count;
}

/** Whoever adds notices or marks them viewed calls this in the same transaction. */
export async function noticesChanged(services: Services, db: Db | Tx, userId: number): Promise<void> {
  await services.bus.publish(db, 'notices', userId);
}

export function subscribeNoticeCache(services: Services): void {
  services.bus.on('notices', (userId) => services.unviewedCounts.delete(Number(userId)));
  services.bus.onDropAll(() => services.unviewedCounts.clear());
}
