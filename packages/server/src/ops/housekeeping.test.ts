import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal } from '../testing/index.js';
import { housekeeping } from './housekeeping.js';
import { startJobs } from '../platform/jobs.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

describe('daily housekeeping', () => {
  it('removes idle sessions, old codes and throttle windows, and keeps live ones', async () => {
    const db = tp.portal.services.db;
    const idle = await createUser(tp);
    const live = await createUser(tp);
    const now = tp.clock.now;
    const old = new Date(now.getTime() - 13 * 3_600_000);
    const longAgo = new Date(now.getTime() - 2 * 86_400_000);
    await db.updateTable('session_token').set({ last_used_at: old }).where('user_id', '=', idle.userId).execute();
    await db.insertInto('verification_code').values([
      { mail: 'a@test.example', code_hash: 'x', created_at: longAgo, expires_at: longAgo },
      { mail: 'b@test.example', code_hash: 'y', created_at: now, expires_at: new Date(now.getTime() + 600_000) },
    ]).execute();
    await db.insertInto('throttle').values([
      { key: 'old', window_start: longAgo, hits: 3 },
      { key: 'new', window_start: now, hits: 3 },
    ]).execute();

    const clientId = await createClient(tp);
    const file = (name: string, at: Date, attached: boolean) => ({ name, kind: 'tm', client_id: clientId, content_type: 'image/png', size: 1, bytes: Buffer.from('x'), attached, created_at: at });
    await db.insertInto('stored_file').values([file('forgotten', longAgo, false), file('saved', longAgo, true), file('fresh', now, false)]).execute();

    const removed = await housekeeping(tp.portal.services, now);
    expect(removed).toEqual({ sessions: 1, codes: 1, throttles: 1, uploads: 1, imports: 0, webhookDeliveries: 0 });
    expect((await db.selectFrom('stored_file').select('name').orderBy('name').execute()).map((f) => f.name)).toEqual(['fresh', 'saved']);
    expect((await tp.post('/api/user/userinfo', {}, { token: live.token })).status).toBe(200);
    expect(await db.selectFrom('throttle').select('key').execute()).toEqual([{ key: 'new' }]);
  });

  it('runs as a scheduled pg-boss job on this database', async () => {
    const jobs = await startJobs(tp.portal.services, tp.portal.database.pool, [
      { name: 'probe', cron: '0 0 * * *', run: async () => undefined },
    ]);
    try {
      const schedules = await tp.portal.database.pool.query<{ name: string; cron: string }>('SELECT name, cron FROM pgboss.schedule');
      expect(schedules.rows).toContainEqual(expect.objectContaining({ name: 'probe', cron: '0 0 * * *' }));
    } finally {
      await jobs.stop();
    }
  });
});
