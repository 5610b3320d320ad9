import { randomBytes } from 'node:crypto';
import { Role, TaskStatus, TaskType } from '@portal/contract';
import type { Services } from '../platform/context.js';
import { demoUsers } from './data.js';

/**
 * The demo's watch (issue 30 point 5): the first demo client's watch of the demo market's live corner, every five
 * minutes, made once by the demo analyst, its first run a minute after the portal first starts. The live corner
 * changes every five minutes (market-live.ts), so within minutes of `npm start` a newcomer sees a run's changes and
 * the notice of them. Later starts find it made (its address follows the market's, with the site's, market.ts).
 */
export const DEMO_WATCH_NAME = 'Demo live market, every 5 minutes (デモ：ライブマーケットを5分ごとに監視)';
const LIVE_SITE = 'Demo Live Market';

export async function seedDemoWatch(services: Services, origin: string): Promise<void> {
  const { db } = services;
  await seedDemoWebhook(services, origin);
  if (await db.selectFrom('watch').select('id').where('name', '=', DEMO_WATCH_NAME).executeTakeFirst()) return;
  const site = await db.selectFrom('ec_site').select('id').where('name', '=', LIVE_SITE).executeTakeFirst();
  const client = await db.selectFrom('users').select('client_id').where('user_mail', '=', demoUsers.find((u) => u.role === Role.CLIENT)!.mail).executeTakeFirst();
  const analyst = await db.selectFrom('users').select('user_id').where('user_mail', '=', demoUsers.find((u) => u.role === Role.ANALYST)!.mail).executeTakeFirst();
  if (!site || !client?.client_id) return;
  const now = services.clock();
  const schedule = { every: 'minutes' as const, minutes: 5 };
  await db.transaction().execute(async (trx) => {
    const { id: taskId } = await trx
      .insertInto('crawler_task')
      .values({ client_id: client.client_id!, title: DEMO_WATCH_NAME, type: TaskType.WATCH, status: TaskStatus.NEW, plan_start_date: now.toISOString().slice(0, 10), remarks: '', created_by: analyst?.user_id ?? null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('crawler_subtask').values({ task_id: taskId, site_id: site.id, keyword: 'sakura', start_url: `${origin}/live/search?page=1`, target_count: 30 }).execute();
    await trx
      .insertInto('watch')
      .values({
        client_id: client.client_id!,
        name: DEMO_WATCH_NAME,
        schedule: JSON.stringify(schedule),
        schedule_anchor: now,
        target_count: 30,
        task_id: taskId,
        next_run_at: new Date(now.getTime() + 60_000),
        created_by: analyst?.user_id ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
}

const DEMO_HOOK_DESCRIPTION = 'Demo receiver on the demo market / デモ用の受信先';

/**
 * The demo client's webhook endpoint: the demo market's own receiver (`/hooks/demo`, answers 200), told of the
 * watch's runs and new listings, so the delivery log fills within minutes. Made once by the demo analyst; later
 * starts move its address to the market's current origin.
 */
async function seedDemoWebhook(services: Services, origin: string): Promise<void> {
  const { db } = services;
  const url = `${origin}/hooks/demo`;
  const existing = await db.selectFrom('webhook_endpoint').select(['id', 'url']).where('description', '=', DEMO_HOOK_DESCRIPTION).executeTakeFirst();
  if (existing) {
    if (existing.url !== url) await db.updateTable('webhook_endpoint').set({ url }).where('id', '=', existing.id).execute();
    return;
  }
  const client = await db.selectFrom('users').select('client_id').where('user_mail', '=', demoUsers.find((u) => u.role === Role.CLIENT)!.mail).executeTakeFirst();
  const analyst = await db.selectFrom('users').select('user_id').where('user_mail', '=', demoUsers.find((u) => u.role === Role.ANALYST)!.mail).executeTakeFirst();
  if (!client?.client_id || !analyst) return;
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  await db
    .insertInto('webhook_endpoint')
    .values({ client_id: client.client_id, created_by: analyst.user_id, for_client: false, url, events: JSON.stringify(['watch.run', 'listings.new', 'listings.changed', 'listings.gone', 'listings.back']), description: DEMO_HOOK_DESCRIPTION, secret_sealed: services.secrets.seal(secret), created_at: services.clock() })
    .execute();
}
