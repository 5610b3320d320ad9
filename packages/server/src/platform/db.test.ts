import { randomBytes } from 'node:crypto';
import { ErrorCode, Role, translate } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildPortal } from '../app.js';
import { openTestDatabase } from '../testing/database.js';
import { createSession } from './auth.js';
import { readConfig } from './config.js';
import { openDatabase } from './db.js';

describe('waiting for a database connection', () => {
  it('answers busy (HTTP 503, in the user language) when no connection comes free in time, and serves again once one does', async () => {
    // On PostgreSQL the cache listener keeps one of the two connections; PGlite has one in all.
    const database = await openTestDatabase({ poolSize: 2, acquireTimeoutMs: 300 });
    const config = { ...readConfig({}), logLevel: 'silent', demo: false, secretsKey: randomBytes(32).toString('base64') };
    const portal = await buildPortal({ config, database });
    try {
      const { user_id } = await database.db
        .insertInto('users')
        .values({ user_name: 'Busy', user_mail: 'busy@test.example', password_hash: 'unused', user_role: Role.CLIENT, user_locale: 'ja' })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      const token = await createSession(database.db, user_id, new Date());
      const call = () => portal.app.inject({ method: 'POST', url: '/api/user/userinfo', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'ja' }, payload: '{}' });

      const held = await database.pool.connect();
      const busy = await call();
      held.release();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ code: ErrorCode.BUSY, message: translate('ja', 'error.busy'), data: null });

      const served = await call();
      expect(served.statusCode).toBe(200);
      expect(served.json()).toMatchObject({ code: 0, data: { user: { user_name: 'Busy' } } });
    } finally {
      await portal.close();
      await database.close();
    }
  });
});

describe('PGlite one connection (whichever engine the other tests use)', () => {
  it('lets the event loop turn while callers queue for it (sockets are read and timers run meanwhile)', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      let turns = 0;
      const timer = setInterval(() => (turns += 1), 1);
      // Each answer arrives as a resolved promise; without a turn between callers the whole queue would run
      // before any timer or socket (zero turns).
      await Promise.all(Array.from({ length: 100 }, () => sql`SELECT count(*) FROM generate_series(1, 20000)`.execute(handle.db)));
      clearInterval(timer);
      expect(turns).toBeGreaterThan(10);
    } finally {
      await handle.close();
    }
  });
});
