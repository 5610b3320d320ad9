import { Role, TaskStatus } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let analyst: TestUser;
let admin: TestUser;
let outsider: TestUser;
let clientUser: TestUser;
let clientId: number;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Crawl Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  admin = await createUser(tp, { role: Role.ADMIN });
  await manage(tp, analyst, clientId);
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
  const db = tp.portal.services.db;
  await db.insertInto('ec_site').values([
    { name: 'Fixture Mart', url: 'https://mart.example', region: 'JP', category_id: null, has_crawler: true },
    { name: 'Manual Mart', url: 'https://manual.example', region: 'JP', category_id: null, has_crawler: false },
  ]).execute();
});
afterAll(async () => {
  await tp?.close();
});

const sub = (keyword: string, targetCount?: number | string) => ({ site: 'fixture mart', keyword, startUrl: `https://mart.example/search?q=${keyword}`, ...(targetCount !== undefined && { targetCount }), key: keyword });
const newTask = (extra: Record<string, unknown> = {}) => ({ planStartDate: '2026-12-01', clientId, title: 'Bags sweep', type: 0, remarks: 'first run', subtasksInfo: [sub('bag', 30), sub('wallet')], ...extra });

async function create(user: TestUser = analyst, extra: Record<string, unknown> = {}) {
  const res = await tp.post('/api/ec-crawler-task/create', newTask(extra), { token: user.token });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data!.task as { id: number; status: number; captureEvidence: boolean; subtasks: { id: number; status: number; site: string; targetCount: number | null }[] };
}

describe('crawler tasks', () => {
  it('are created with their subtasks and read back in detail, the list and progress', async () => {
    const task = await create();
    expect(task).toMatchObject({ clientId, clientName: 'Crawl Co', title: 'Bags sweep', type: 0, status: TaskStatus.NEW, planStartDate: '2026-12-01', total: 0, remarks: 'first run', reportId: null });
    expect(task.subtasks).toEqual([
      { id: expect.any(Number), status: 0, siteId: expect.any(Number), site: 'Fixture Mart', keyword: 'bag', startUrl: 'https://mart.example/search?q=bag', targetCount: 30, recordCount: 0, error: null },
      expect.objectContaining({ keyword: 'wallet', targetCount: null }),
    ]);
    const detail = await tp.post('/api/ec-crawler-task/detail', { taskId: task.id }, { token: admin.token });
    expect(detail.body.data?.task).toEqual(task);
    const listed = await tp.post('/api/ec-crawler-task', { wordFields: ['keyword'], keyword: 'wallet', current: 1, pageSize: 20 }, { token: outsider.token });
    expect(listed.body.data).toMatchObject({ total: expect.any(Number), tasks: expect.arrayContaining([expect.objectContaining({ id: task.id })]) });
    const progress = await tp.post('/api/ec-crawler-task/fetch-progress', { taskIds: [task.id] }, { token: analyst.token });
    expect(progress.body.data?.tasks).toEqual([{ id: task.id, status: 0, total: 0, subtasks: task.subtasks.map((s) => ({ id: s.id, status: 0, recordCount: 0, targetCount: s.targetCount, error: null })) }]);
  });

  it('lists with date and keyword filters, status filters, sort and paging', async () => {
    const other = await createClient(tp, 'Second Crawl Co');
    await manage(tp, analyst, other);
    const a = await create(analyst, { title: 'Alpha run', planStartDate: '2026-01-10' });
    const b = await create(analyst, { title: 'Beta run', planStartDate: '2026-02-10', clientId: other });
    const search = (body: Record<string, unknown>) => tp.post('/api/ec-crawler-task', body, { token: analyst.token }).then((r) => r.body.data as { tasks: { id: number }[]; total: number });
    expect((await search({ dateFields: ['planStartDate'], startDate: '2026-01-01', endDate: '2026-01-31' })).tasks.map((t) => t.id)).toEqual([a.id]);
    expect((await search({ wordFields: ['title'], keyword: 'beta' })).tasks.map((t) => t.id)).toEqual([b.id]);
    expect((await search({ filters: [{ key: 'clientId', values: [other] }] })).tasks.map((t) => t.id)).toEqual([b.id]);
    const sorted = await search({ wordFields: ['title'], keyword: ' run', searchType: 3, orderFields: [{ key: 'planStartDate', value: 1 }] });
    expect(sorted.tasks.map((t) => t.id)).toEqual([a.id, b.id]);
    const paged = await search({ wordFields: ['title'], keyword: ' run', orderFields: [{ key: 'planStartDate', value: 2 }], current: 2, pageSize: 1 });
    expect([paged.total, paged.tasks.map((t) => t.id)]).toEqual([2, [a.id]]);
    expect((await search({ filters: [{ key: 'status', values: [TaskStatus.FINISHED] }] })).total).toBe(0);
  });

  it('checks the form: required fields, remarks length, a site with a crawler, a web address, a whole desired count', async () => {
    const post = (extra: Record<string, unknown>, locale = 'en') => tp.post('/api/ec-crawler-task/create', newTask(extra), { token: analyst.token, headers: { 'accept-language': locale } });
    expect((await post({ title: '' })).body.message).toBe('Please enter the title.');
    expect((await post({ planStartDate: '' }, 'ja')).body.message).toBe('開始日を入力してください。');
    expect((await post({ remarks: 'x'.repeat(1001) })).status).toBe(400);
    expect((await post({ subtasksInfo: [{ ...sub('bag'), startUrl: 'javascript:alert(1)' }] })).body.message).toBe('The start URL must be a web address (http or https).');
    expect((await post({ subtasksInfo: [sub('bag', 1.5)] })).body.message).toBe('The desired count must be a whole number from 1 to 100,000.');
    expect((await post({ subtasksInfo: [sub('bag', '12')] })).body.data?.task).toMatchObject({ subtasks: [{ targetCount: 12 }] });
    const manual = await post({ subtasksInfo: [{ ...sub('bag'), site: 'Manual Mart' }] });
    expect([manual.body.code, manual.body.message]).toEqual([1042, 'Manual Mart is not a marketplace site with a crawler.']);
    // Nothing half-written: the refused task is not there.
    expect(await tp.portal.services.db.selectFrom('crawler_task').select('id').where('title', '=', 'Bags sweep').where('remarks', '=', 'first run').where('plan_start_date', '=', '2026-12-01').execute()).toHaveLength(2);
  });

  it('updates only the fields sent; subtasks change only while the task is new', async () => {
    const task = await create();
    const updated = await tp.post('/api/ec-crawler-task/update', { taskId: task.id, remarks: 'changed' }, { token: analyst.token });
    expect(updated.body.data?.task).toMatchObject({ title: 'Bags sweep', remarks: 'changed', type: 0 });
    const added = await tp.post('/api/ec-crawler-subtask/create', { taskId: task.id, detail: sub('belt', 5) }, { token: analyst.token });
    const belt = (added.body.data?.task as typeof task).subtasks[2]!;
    expect(belt).toMatchObject({ keyword: 'belt', targetCount: 5 });
    const changed = await tp.post('/api/ec-crawler-subtask/update', { taskId: task.id, subtaskId: belt.id, keyword: 'belts' }, { token: analyst.token });
    expect((changed.body.data?.task as typeof task).subtasks[2]).toMatchObject({ keyword: 'belts', targetCount: 5 });
    const removed = await tp.post('/api/ec-crawler-subtask/remove', { subtaskId: belt.id }, { token: analyst.token });
    expect((removed.body.data?.task as typeof task).subtasks).toHaveLength(2);
    // Another task's subtask is not this task's.
    const other = await create();
    expect((await tp.post('/api/ec-crawler-subtask/update', { taskId: task.id, subtaskId: other.subtasks[0]!.id, keyword: 'x' }, { token: analyst.token })).body.code).toBe(1009);

    await tp.post('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [] }, { token: analyst.token });
    await tp.post('/api/ec-crawler-command/stop', { taskId: task.id, subtaskIds: [] }, { token: analyst.token });
    const locked = await tp.post('/api/ec-crawler-subtask/create', { taskId: task.id, detail: sub('hat') }, { token: analyst.token });
    expect([locked.body.code, locked.body.message]).toEqual([1041, 'Subtasks can be added or changed only while the task is new.']);
    expect((await tp.post('/api/ec-crawler-subtask/remove', { subtaskId: task.subtasks[0]!.id }, { token: analyst.token })).body.code).toBe(1041);
    expect((await tp.post('/api/ec-crawler-task/update', { taskId: task.id, type: 2 }, { token: analyst.token })).body.code).toBe(1041);
  });

  it('follows section 4: start from new, finished or stopped; stop while it runs; no delete while it runs; clone as new', async () => {
    const task = await create();
    const cmd = (path: string, body: Record<string, unknown>, locale = 'en') => tp.post(path, body, { token: analyst.token, headers: { 'accept-language': locale } });
    expect((await cmd('/api/ec-crawler-command/stop', { taskId: task.id })).body.message).toBe('This cannot be done while the task is new.');
    const started = await cmd('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [task.subtasks[0]!.id] });
    expect(started.body.data?.task).toMatchObject({ status: TaskStatus.PENDING, subtasks: [{ status: TaskStatus.PENDING }, { status: TaskStatus.NEW }] });
    expect((await cmd('/api/ec-crawler-command/start', { taskId: task.id }, 'ja')).body.message).toBe('タスクが待機中の間はこの操作はできません。');
    expect((await cmd('/api/ec-crawler-task/remove', { taskId: task.id })).body.code).toBe(1041);
    // The first search page of the started subtask is queued once, however often it starts.
    const pages = () => tp.portal.services.db.selectFrom('crawler_page').select(['subtask_id', 'page_no']).where('subtask_id', 'in', task.subtasks.map((s) => s.id)).execute();
    expect(await pages()).toEqual([{ subtask_id: task.subtasks[0]!.id, page_no: 1 }]);
    const stopped = await cmd('/api/ec-crawler-command/stop', { taskId: task.id, subtaskIds: [] });
    expect(stopped.body.data?.task).toMatchObject({ status: TaskStatus.STOPPED, subtasks: [{ status: TaskStatus.STOPPED }, { status: TaskStatus.NEW }] });
    expect((await cmd('/api/ec-crawler-command/start', { taskId: task.id })).body.data?.task).toMatchObject({ status: TaskStatus.PENDING });
    expect(await pages()).toHaveLength(2);
    await cmd('/api/ec-crawler-command/stop', { taskId: task.id });
    expect((await cmd('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [999_999] })).body.code).toBe(1009);

    const cloned = await cmd('/api/ec-crawler-task/clone', { taskId: task.id });
    const copy = cloned.body.data?.task as typeof task;
    expect(copy.id).not.toBe(task.id);
    expect(copy).toMatchObject({ status: TaskStatus.NEW, title: 'Bags sweep', subtasks: [{ status: 0, targetCount: 30 }, { status: 0, targetCount: null }] });
    expect((await cmd('/api/ec-crawler-task/remove', { taskId: task.id })).body.data).toEqual({ taskId: task.id });
    expect((await cmd('/api/ec-crawler-task/detail', { taskId: task.id })).body.code).toBe(1009);
  });

  it('are for analysts and administrators; changes for the client\'s managers only', async () => {
    const task = await create(admin);
    expect((await tp.post('/api/ec-crawler-task', {}, { token: clientUser.token })).status).toBe(403);
    expect((await tp.post('/api/ec-crawler-task/detail', { taskId: task.id }, { token: clientUser.token })).status).toBe(403);
    expect((await tp.post('/api/ec-crawler-task/create', newTask(), { token: outsider.token })).status).toBe(403);
    for (const [path, body] of [
      ['/api/ec-crawler-task/update', { taskId: task.id, title: 'x' }],
      ['/api/ec-crawler-command/start', { taskId: task.id }],
      ['/api/ec-crawler-task/clone', { taskId: task.id }],
      ['/api/ec-crawler-task/remove', { taskId: task.id }],
      ['/api/ec-crawler-subtask/remove', { subtaskId: task.subtasks[0]!.id }],
    ] as const) {
      expect((await tp.post(path, body, { token: outsider.token })).status, path).toBe(403);
    }
    expect((await tp.post('/api/ec-crawler-task/detail', { taskId: task.id }, { token: outsider.token })).body.data?.task).toMatchObject({ id: task.id, title: 'Bags sweep', status: 0 });
  });

  it('offer the sites with a crawler to analysts and administrators (not the analysts-only site list), never to client users', async () => {
    const sites = async (user: TestUser) => tp.post('/api/ec-crawler-task/fetch-sites', {}, { token: user.token });
    for (const user of [analyst, outsider, admin]) {
      const res = await sites(user);
      expect(res.body.data?.sites).toEqual([{ id: expect.any(Number), name: 'Fixture Mart', url: 'https://mart.example', region: 'JP' }]);
    }
    // The analysts' own site list stays theirs: an administrator without the analyst bit needs the call above.
    expect((await tp.post('/api/analyst/fetch-ec-sites', { hasCrawler: true }, { token: admin.token })).status).toBe(403);
    expect((await sites(clientUser)).status).toBe(403);
    expect((await tp.post('/api/ec-crawler-task/fetch-sites', {})).status).toBe(401);
  });

  it('keep the evidence setting: created, updated, cloned; refused when not on or off', async () => {
    const task = await create(analyst, { captureEvidence: true });
    expect(task).toMatchObject({ captureEvidence: true });
    expect((await create()).captureEvidence).toBe(false);
    const off = await tp.post('/api/ec-crawler-task/update', { taskId: task.id, captureEvidence: false }, { token: analyst.token });
    expect(off.body.data?.task).toMatchObject({ captureEvidence: false, title: 'Bags sweep' });
    const on = await tp.post('/api/ec-crawler-task/update', { taskId: task.id, captureEvidence: true }, { token: analyst.token });
    const clone = await tp.post('/api/ec-crawler-task/clone', { taskId: (on.body.data?.task as { id: number }).id }, { token: analyst.token });
    expect(clone.body.data?.task).toMatchObject({ captureEvidence: true, status: TaskStatus.NEW });
    const bad = await tp.post('/api/ec-crawler-task/update', { taskId: task.id, captureEvidence: 1 }, { token: analyst.token });
    expect([bad.status, bad.body.message]).toEqual([400, 'Capture evidence must be on or off.']);
  });

  it('keep a crawl recipe, concurrency and the robots.txt choice on the site, edited by analysts', async () => {
    const { id } = await tp.portal.services.db.selectFrom('ec_site').select('id').where('name', '=', 'Fixture Mart').executeTakeFirstOrThrow();
    const recipe = { resultLink: 'div.result a', nextPage: 'a.next', fields: { title: 'h1', imageUrl: 'img.main@src' } };
    const saved = await tp.post('/api/analyst/update-ec-site', { siteId: id, crawlRecipe: recipe, maxConcurrency: 4, ignoreRobots: true }, { token: analyst.token });
    expect(saved.body.data?.site).toMatchObject({ crawlRecipe: recipe, maxConcurrency: 4, ignoreRobots: true });
    expect((await tp.post('/api/analyst/update-ec-site', { siteId: id, crawlRecipe: { fields: { password: 'x' } } }, { token: analyst.token })).status).toBe(400);
    expect((await tp.post('/api/analyst/update-ec-site', { siteId: id, maxConcurrency: 0 }, { token: analyst.token })).status).toBe(400);
    const cleared = await tp.post('/api/analyst/update-ec-site', { siteId: id, crawlRecipe: null }, { token: analyst.token });
    expect(cleared.body.data?.site).toMatchObject({ crawlRecipe: null, maxConcurrency: 4 });
  });
});
