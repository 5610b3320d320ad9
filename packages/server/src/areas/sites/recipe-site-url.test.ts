import { Role } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, startTestPortal, type TestPortal } from '../../testing/index.js';

/** A site whose address in the master is no URL (free text) is refused in words, never a 500 (the property walk found it). */
let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

it('a page asked of a site whose address is no URL is "not a page of this site"', async () => {
  const analyst = await createUser(tp, { role: Role.ANALYST });
  const { id } = await tp.portal.services.db.insertInto('ec_site').values({ name: 'Odd site', url: 'W', region: 'JP', category_id: null, has_crawler: true }).returning('id').executeTakeFirstOrThrow();
  const res = await tp.post('/api/analyst/ec-site/fetch-page', { siteId: id, url: 'http://W' }, { token: analyst.token });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(1044);
  expect(res.body.message).toContain('(W)');
});
