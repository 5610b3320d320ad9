import { ErrorCode, Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { PNG_1X1 } from '../../testing/images.js';
import { PDF_MINIMAL } from '../../testing/write-fixtures.js';

let tp: TestPortal;
let acme: number;
let other: number;
let acmeUser: TestUser;
let otherUser: TestUser;
let analyst: TestUser;
let outsider: TestUser;
let admin: TestUser;
let trademarkId: number;
let otherTrademarkId: number;

const day = (offset: number) => new Date(tp.clock.now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other Co');
  acmeUser = await createUser(tp, { clientId: acme, name: 'Aiko Acme', locale: 'ja' });
  otherUser = await createUser(tp, { clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana Lyst' });
  outsider = await createUser(tp, { role: Role.ANALYST, name: 'Out Sider' });
  admin = await createUser(tp, { role: Role.ADMIN });
  await manage(tp, analyst, acme);
  await manage(tp, outsider, other);
  const tm = await tp.post('/api/trademark/create-trademark', { no: 'T-1', region: 'JP', type: '25', text: 'ACME', invalidDate: day(400) }, { token: acmeUser.token });
  trademarkId = (tm.body.data?.trademark as { trademark_id: number }).trademark_id;
  const tm2 = await tp.post('/api/trademark/create-trademark', { no: 'O-1', region: 'JP', type: '25', text: 'OTHER' }, { token: otherUser.token });
  otherTrademarkId = (tm2.body.data?.trademark as { trademark_id: number }).trademark_id;
});
afterAll(async () => {
  await tp?.close();
});

type Req = { id: number; status: number; clientId: number; messages: { body: string; files: { name: string }[]; byStaff: boolean }[]; files: { name: string }[]; fee: number | null; currency: string | null; assigneeId: number | null };
const renewal = (over: Record<string, unknown> = {}) => ({ type: 'renewal', title: 'Renew ACME', fields: { trademarkId, expiryDate: day(400) }, ...over });

async function create(user: TestUser, body: Record<string, unknown> = renewal()): Promise<Req> {
  const res = await tp.post('/api/service-request/create', body, { token: user.token });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data?.request as Req;
}
async function setStatus(id: number, status: number, user = analyst) {
  return tp.post('/api/service-request/update', { requestId: id, status }, { token: user.token });
}
const count = async (table: 'service_request' | 'service_request_message' | 'service_request_file' | 'stored_file') =>
  Number((await tp.portal.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('create, search, get', () => {
  it('a client user creates for their own company without naming it; another company answers 403', async () => {
    const r = await create(acmeUser);
    expect(r).toMatchObject({ clientId: acme, status: 1, messages: [], files: [] });
    const sneaky = await tp.post('/api/service-request/create', renewal({ clientId: other }), { token: acmeUser.token });
    expect(sneaky.status).toBe(403);
    const staffWithout = await tp.post('/api/service-request/create', renewal(), { token: analyst.token });
    expect(staffWithout.body.message).toBe('Please select the client.');
    const byOutsider = await tp.post('/api/service-request/create', renewal({ clientId: acme }), { token: outsider.token });
    expect(byOutsider.status).toBe(403);
    expect((await create(admin, renewal({ clientId: acme }))).clientId).toBe(acme);
  });

  it('checks each type\'s fields, the due date and the trademark, and writes nothing on bad input', async () => {
    const before = await count('service_request');
    const cases: [Record<string, unknown>, string][] = [
      [renewal({ type: 'nonsense' }), 'Please choose the kind of service.'],
      [renewal({ title: '  ' }), 'The title is required.'],
      [renewal({ fields: {} }), 'Please choose the trademark.'],
      [{ type: 'trademark-search', title: 'x', fields: { classes: '25' } }, 'The mark is required.'],
      [{ type: 'office-action', title: 'x', fields: { answerDeadline: '2026-02-30' } }, 'Please enter a date as YYYY-MM-DD.'],
      [{ type: 'change-transfer', title: 'x', fields: {} }, 'The new holder is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await tp.post('/api/service-request/create', body, { token: acmeUser.token, locale: 'en' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const past = await tp.post('/api/service-request/create', renewal({ dueDate: day(-1) }), { token: acmeUser.token, locale: 'en' });
    expect(past.body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: 'The due date cannot be in the past.' });
    const pastJa = await tp.post('/api/service-request/create', renewal({ dueDate: day(-1) }), { token: acmeUser.token, locale: 'ja' });
    expect(pastJa.body.message).toBe('期日に過去の日付は指定できません。');
    const foreign = await tp.post('/api/service-request/create', renewal({ fields: { trademarkId: otherTrademarkId } }), { token: acmeUser.token, locale: 'en' });
    expect(foreign.body.message).toBe('The chosen trademark does not exist for this client (it may have been removed). Please reload the page and choose one from the list.');
    expect(await count('service_request')).toBe(before);
  });

  it('search: client users see their company, analysts the clients they manage, admins all; filters by type, status and due date', async () => {
    const search = await create(acmeUser, { type: 'trademark-search', title: 'Search KUMA', fields: { mark: 'KUMA', classes: '25', regions: 'JP, US' }, dueDate: day(10) });
    const theirs = await create(otherUser, { type: 'offline', title: 'Raid in Osaka', fields: { kind: 'raid' } });
    const list = async (user: TestUser, body: Record<string, unknown> = {}) => {
      const res = await tp.post('/api/service-request/search', body, { token: user.token });
      expect(res.body.code, res.body.message).toBe(0);
      return (res.body.data as { requests: { id: number; clientId: number }[]; total: number });
    };
    const mine = await list(acmeUser);
    expect(mine.requests.every((r) => r.clientId === acme)).toBe(true);
    expect(mine.requests.map((r) => r.id)).toContain(search.id);
    expect((await list(analyst)).requests.map((r) => r.id)).not.toContain(theirs.id);
    expect((await list(outsider)).requests.map((r) => r.id)).toEqual([theirs.id]);
    expect((await list(admin)).requests.map((r) => r.id)).toEqual(expect.arrayContaining([search.id, theirs.id]));
    expect((await tp.post('/api/service-request/search', { clientId: other }, { token: acmeUser.token })).status).toBe(403);
    expect((await tp.post('/api/service-request/search', { clientId: acme }, { token: outsider.token })).status).toBe(403);
    expect((await list(acmeUser, { type: 'trademark-search' })).requests.map((r) => r.id)).toEqual([search.id]);
    expect((await list(acmeUser, { type: 'trademark-search', status: 2 })).total).toBe(0);
    expect((await list(acmeUser, { dueFrom: day(9), dueTo: day(11) })).requests.map((r) => r.id)).toEqual([search.id]);
    expect((await list(acmeUser, { keyword: 'kuma' })).requests.map((r) => r.id)).toEqual([search.id]);
    expect((await tp.post('/api/service-request/search', { status: 9 }, { token: acmeUser.token })).status).toBe(400);
  });

  it('get: another company\'s client user and a non-managing analyst are told it does not exist, as for a missing id', async () => {
    const r = await create(acmeUser);
    expect((await tp.post('/api/service-request/get', { requestId: r.id }, { token: analyst.token })).body.data?.request).toMatchObject({ id: r.id });
    expect((await tp.post('/api/service-request/get', { requestId: r.id }, { token: admin.token })).body.code).toBe(0);
    expect((await tp.post('/api/service-request/get', { requestId: r.id }, { token: otherUser.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    // The same answer for an existing id of an unmanaged client and for a missing id: nothing tells that it exists.
    const unmanaged = await tp.post('/api/service-request/get', { requestId: r.id }, { token: outsider.token });
    const missing = await tp.post('/api/service-request/get', { requestId: 999_999 }, { token: outsider.token });
    expect(unmanaged.status).toBe(200);
    expect(unmanaged.body).toEqual(missing.body);
    expect(unmanaged.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await tp.post('/api/service-request/get', { requestId: 999_999 }, { token: acmeUser.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
  });
});

describe('outsiders try every id', () => {
  it('another company\'s client user and a non-managing analyst change nothing on any call', async () => {
    const r = await create(acmeUser);
    const up = await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'a.pdf', bytes: PDF_MINIMAL }, { token: acmeUser.token });
    const fileName = (up.body.data?.file as { name: string }).name;
    const before = await Promise.all([count('service_request'), count('service_request_message'), count('service_request_file')]);
    for (const user of [otherUser, outsider]) {
      const answers = [
        await tp.post('/api/service-request/update', { requestId: r.id, status: 5 }, { token: user.token }),
        await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'hi' }, { token: user.token }),
        await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'b.pdf', bytes: PDF_MINIMAL }, { token: user.token }),
        await tp.post('/api/service-request/remove', { requestId: r.id }, { token: user.token }),
      ];
      for (const a of answers) expect(a.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
      const file = await tp.get(`/api/service-request/file?name=${fileName}`, { token: user.token });
      expect(JSON.parse(file.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
    }
    expect(await Promise.all([count('service_request'), count('service_request_message'), count('service_request_file')])).toEqual(before);
    const own = await tp.get(`/api/service-request/file?name=${fileName}`, { token: acmeUser.token });
    expect(own.status).toBe(200);
    expect(own.bytes.equals(PDF_MINIMAL)).toBe(true);
    expect(own.headers['content-disposition']).toContain('attachment');
  });
});

describe('status rules and who may change what', () => {
  it('staff move along the allowed steps only; done and cancelled are final', async () => {
    const r = await create(acmeUser);
    const skip = await setStatus(r.id, 4);
    expect(skip.body).toMatchObject({ code: ErrorCode.REQUEST_STEP, message: 'A request cannot go from "Received" to "Done".' });
    expect((await setStatus(r.id, 2)).body.code).toBe(0);
    expect((await setStatus(r.id, 1)).body.code).toBe(ErrorCode.REQUEST_STEP);
    expect((await setStatus(r.id, 3)).body.code).toBe(0);
    expect((await setStatus(r.id, 2)).body.code).toBe(0);
    expect((await setStatus(r.id, 4)).body.code).toBe(0);
    for (const s of [1, 2, 3, 5]) expect((await setStatus(r.id, s)).body.code).toBe(ErrorCode.REQUEST_STEP);
    const msg = await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'late' }, { token: acmeUser.token, locale: 'en' });
    expect(msg.body.message).toBe('This request is done or cancelled: it takes no more messages or files.');
    const file = await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'late.pdf', bytes: PDF_MINIMAL }, { token: analyst.token });
    expect(file.body.code).toBe(ErrorCode.REQUEST_STEP);
  });

  it('a client user may only cancel, and only while received or waiting; never assign, quote or set a date', async () => {
    const r = await create(acmeUser);
    for (const body of [{ status: 2 }, { fee: 1 }, { currency: 'JPY' }, { assigneeId: analyst.userId }, { dueDate: day(5) }, {}]) {
      const res = await tp.post('/api/service-request/update', { requestId: r.id, ...body }, { token: acmeUser.token });
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    expect((await setStatus(r.id, 2)).body.code).toBe(0);
    expect((await setStatus(r.id, 5, acmeUser)).status).toBe(403);
    expect((await setStatus(r.id, 3)).body.code).toBe(0);
    const cancelled = await setStatus(r.id, 5, acmeUser);
    expect(cancelled.body.data?.request).toMatchObject({ status: 5 });
    const message = await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'hello?' }, { token: analyst.token });
    expect(message.body.code).toBe(ErrorCode.REQUEST_STEP);
  });

  it('staff assign one of the client\'s analysts, quote a fee and set a due date that is not past', async () => {
    const r = await create(acmeUser);
    const bad = await tp.post('/api/service-request/update', { requestId: r.id, assigneeId: outsider.userId }, { token: analyst.token, locale: 'en' });
    expect(bad.body.message).toBe('The assignee must be one of the analysts who manage this client.');
    const past = await tp.post('/api/service-request/update', { requestId: r.id, dueDate: day(-3) }, { token: analyst.token });
    expect(past.body.code).toBe(ErrorCode.RECORD_INVALID);
    const fee = await tp.post('/api/service-request/update', { requestId: r.id, fee: -1 }, { token: analyst.token });
    expect(fee.status).toBe(400);
    const ok = await tp.post('/api/service-request/update', { requestId: r.id, assigneeId: analyst.userId, fee: 45000, currency: 'JPY', dueDate: day(20) }, { token: analyst.token });
    expect(ok.body.data?.request).toMatchObject({ assigneeId: analyst.userId, fee: 45000, currency: 'JPY', dueDate: day(20) });
    const admins = await tp.post('/api/service-request/update', { requestId: r.id, fee: 50000.5 }, { token: admin.token });
    expect(admins.body.data?.request).toMatchObject({ fee: 50000.5 });
  });

  it('remove: staff any time, a client user only while received', async () => {
    const a = await create(acmeUser);
    const up = await tp.upload('/api/service-request/upload-file', { requestId: a.id }, { name: 'x.png', bytes: PNG_1X1 }, { token: acmeUser.token });
    expect(up.body.code).toBe(0);
    const files = await count('stored_file');
    expect((await tp.post('/api/service-request/remove', { requestId: a.id }, { token: acmeUser.token })).body.code).toBe(0);
    expect(await count('stored_file')).toBe(files - 1);
    const b = await create(acmeUser);
    await setStatus(b.id, 2);
    expect((await tp.post('/api/service-request/remove', { requestId: b.id }, { token: acmeUser.token })).status).toBe(403);
    expect((await tp.post('/api/service-request/remove', { requestId: b.id }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/service-request/get', { requestId: b.id }, { token: analyst.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
  });
});

describe('messages and files', () => {
  it('files are checked by their bytes; messages carry uploaded files; a client\'s answer resumes a waiting request', async () => {
    const r = await create(acmeUser);
    const disguised = await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'contract.pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>') }, { token: acmeUser.token, locale: 'en' });
    expect(disguised.body.message).toContain('The file must be a PDF');
    const brokenPdf = await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'x.pdf', bytes: Buffer.from('%PDF-1.4\n<html>') }, { token: acmeUser.token, locale: 'en' });
    expect(brokenPdf.body.message).toBe('The file looks like a PDF file but is not a valid one.');
    const fakeZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    expect((await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'x.docx', bytes: fakeZip }, { token: acmeUser.token })).body.code).toBe(ErrorCode.FILE_REJECTED);
    const huge = await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'big.pdf', bytes: Buffer.alloc(21 * 1024 * 1024, 0x20) }, { token: acmeUser.token });
    expect(huge.body.code).not.toBe(0);

    await setStatus(r.id, 2);
    const question = await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'Which classes?' }, { token: analyst.token });
    expect(question.body.code).toBe(0);
    await setStatus(r.id, 3);
    const up = await tp.upload('/api/service-request/upload-file', { requestId: r.id }, { name: 'classes.pdf', bytes: PDF_MINIMAL }, { token: acmeUser.token });
    const name = (up.body.data?.file as { name: string }).name;
    const stolen = await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'x', files: ['srq-nope.pdf'] }, { token: acmeUser.token });
    expect(stolen.body.code).toBe(ErrorCode.FILE_REJECTED);
    const answer = await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'Classes 25 and 18', files: [name] }, { token: acmeUser.token });
    const got = answer.body.data?.request as Req;
    expect(got.status).toBe(2);
    expect(got.messages.map((m) => [m.body, m.byStaff, m.files.map((f) => f.name)])).toEqual([
      ['Which classes?', true, []],
      ['Classes 25 and 18', false, [name]],
    ]);
    expect(got.files.map((f) => f.name)).toEqual([name]);
  });
});

describe('notices and mails to the other side', () => {
  it('a client\'s request tells its managing analysts; staff changes tell the client\'s users, each in their language', async () => {
    tp.mailbox.clear();
    const r = await create(acmeUser, { type: 'watch', title: 'Watch ACME', fields: { mark: 'ACME' } });
    const toAnalyst = await tp.mailbox.latestTo(analyst.mail);
    expect(toAnalyst.subject).toBe('New Trademark watch request: Acme');
    expect(tp.mailbox.mails.some((m) => JSON.stringify(m.to).includes(outsider.mail))).toBe(false);
    const notices = await tp.post('/api/notication/search-notification', {}, { token: analyst.token });
    expect(JSON.stringify(notices.body.data)).toContain(`/case-management/${r.id}`);

    await setStatus(r.id, 2);
    const toClient = await tp.mailbox.latestTo(acmeUser.mail);
    expect(toClient.subject).toBe(`依頼${r.id}のステータス：対応中`);
    expect(toClient.text).toContain('「受付」から「対応中」');

    await tp.post('/api/service-request/add-message', { requestId: r.id, body: 'We started.' }, { token: analyst.token });
    expect((await tp.mailbox.latestTo(acmeUser.mail)).subject).toBe(`依頼${r.id}に新しいメッセージ`);
    const clientNotices = await tp.post('/api/notication/search-notification', {}, { token: acmeUser.token });
    const types = (clientNotices.body.data?.notices as { type: number }[]).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining([5, 6]));
  });

  it('a request of a client nobody manages yet is heard by the administrators', async () => {
    const lone = await createClient(tp, 'Lone Co');
    const user = await createUser(tp, { clientId: lone });
    await create(user, { type: 'case', title: 'Anyone there?', fields: {} });
    expect((await tp.mailbox.latestTo(admin.mail)).subject).toBe('New General case request: Lone Co');
  });
});
