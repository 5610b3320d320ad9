import { ErrorCode, Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, TEST_REQUEST_DESK, type TestPortal, type TestUser } from '../../testing/index.js';
import { BMP_1X1, GIF_1X1, JPEG_1X1, PNG_1X1 } from '../../testing/images.js';

/** Real images: the server decodes their headers, whatever the files are called. */
const PNG = PNG_1X1;
const [JPEG, GIF, BMP] = [JPEG_1X1, GIF_1X1, BMP_1X1];
/** A PNG signature followed by a web page: stored as an image, it would be a page served from the portal. */
const PNG_WITH_HTML = Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);

let tp: TestPortal;
let acme: number;
let other: number;
let acmeUser: TestUser;
let otherUser: TestUser;
let analyst: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other Co');
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme, name: 'Aiko Acme' });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme, other);
});
afterAll(async () => {
  await tp?.close();
});

const mark = (over: Record<string, unknown> = {}) => ({ no: 'T-1001', region: 'JP', type: '25', text: 'ACME', ...over });

async function createMark(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await tp.post('/api/trademark/create-trademark', mark(over), { token: user.token });
  expect(res.body.code).toBe(0);
  return res.body.data?.trademark as Record<string, unknown> & { trademark_id: number };
}

async function uploadPng(user: TestUser, clientId: number, name = 'logo.png', bytes = PNG) {
  const res = await tp.upload('/api/trademark/upload-image', { clientId }, { name, bytes, contentType: 'image/png' }, { token: user.token });
  return res;
}

describe('trademark add, read, update, remove', () => {
  it('a client user adds one to their own company without naming it; an analyst must name a client', async () => {
    const t = await createMark(acmeUser, { belongsto: 'Acme KK', status: 1, remindFlag: true, registerDate: '2020-01-01', invalidDate: '2030-01-01' });
    expect(t).toMatchObject({ trademark_client_id: acme, client_name: 'Acme', trademark_type: '25', trademark_status: 1, trademark_remind_flag: true, trademark_invalid_date: '2030-01-01' });

    const missing = await tp.post('/api/trademark/create-trademark', mark(), { token: analyst.token });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please select the client.' } });
    const forOther = await tp.post('/api/trademark/create-trademark', mark({ clientId: other, type: 9 }), { token: analyst.token });
    expect(forOther.body.data?.trademark).toMatchObject({ trademark_client_id: other, trademark_type: '9' });

    const sneaky = await tp.post('/api/trademark/create-trademark', mark({ clientId: other }), { token: acmeUser.token });
    expect(sneaky.status).toBe(403);
  });

  it('refuses bad input with the first message, in the user\'s language, and writes nothing', async () => {
    const before = await tp.portal.services.db.selectFrom('trademark').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ region: undefined }, 'Please select the trademark region.'],
      [{ no: '  ' }, 'Please input the trademark number.'],
      [{ type: '' }, 'Please select the product genre.'],
      [{ type: '46' }, 'The product genre must be a class from 1 to 45.'],
      [{ type: 0 }, 'The product genre must be a class from 1 to 45.'],
      [{ text: undefined }, 'Please input the word mark.'],
      [{ text: 'x'.repeat(201) }, 'The word mark is too long: at most 200 characters.'],
      [{ no: 'x'.repeat(201) }, 'The trademark number is too long: at most 200 characters.'],
      [{ status: 4 }, 'The status must be registered, applying, rejected or blank.'],
      [{ registerDate: '2024-02-30' }, 'Please enter a date as YYYY-MM-DD.'],
      [{ registerDate: '2024-05-01', invalidDate: '2024-04-30' }, 'The expiry date cannot be before the registration date.'],
    ];
    for (const [over, message] of cases) {
      const res = await tp.post('/api/trademark/create-trademark', mark(over), { token: acmeUser.token });
      expect(res.body.message, JSON.stringify(over)).toBe(message);
      expect(res.status).toBe(400);
    }
    const ja = await tp.post('/api/trademark/create-trademark', mark({ type: undefined }), { token: acmeUser.token, locale: 'ja' });
    expect(ja.body.message).toBe('商品区分を選択してください。');
    const unknown = await tp.post('/api/trademark/create-trademark', mark({ region: 'ZZ' }), { token: acmeUser.token });
    expect(unknown.body).toMatchObject({ code: ErrorCode.UNKNOWN_REGION, message: 'The chosen region is not in the region list.' });
    const regional = await tp.post('/api/trademark/create-trademark', mark({ region: 'EM' }), { token: acmeUser.token });
    expect(regional.body.code).toBe(0);
    await tp.post('/api/trademark/remove-trademark', { trademarkId: (regional.body.data?.trademark as { trademark_id: number }).trademark_id }, { token: acmeUser.token });
    const after = await tp.portal.services.db.selectFrom('trademark').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('updates only the fields sent, and checks the dates against the saved ones', async () => {
    const t = await createMark(acmeUser, { remarks: 'keep', registerDate: '2021-03-01' });
    const res = await tp.post('/api/trademark/update-trademark', { trademarkId: t.trademark_id, status: 2, text: 'ACME NEW' }, { token: acmeUser.token });
    expect(res.body.data?.trademark).toMatchObject({ trademark_status: 2, trademark_text: 'ACME NEW', trademark_remarks: 'keep', trademark_register_date: '2021-03-01' });
    const blank = await tp.post('/api/trademark/update-trademark', { trademarkId: t.trademark_id, status: '' }, { token: acmeUser.token });
    expect(blank.body.data?.trademark).toMatchObject({ trademark_status: null });
    const early = await tp.post('/api/trademark/update-trademark', { trademarkId: t.trademark_id, invalidDate: '2020-01-01' }, { token: acmeUser.token });
    expect(early).toMatchObject({ status: 400, body: { message: 'The expiry date cannot be before the registration date.' } });
    const byAnalyst = await tp.post('/api/trademark/update-trademark', { trademarkId: t.trademark_id, remarks: 'checked' }, { token: analyst.token });
    expect(byAnalyst.body.data?.trademark).toMatchObject({ trademark_remarks: 'checked' });
  });

  it('answers another company\'s trademark as one that does not exist, and changes nothing', async () => {
    const theirs = await createMark(otherUser, { text: 'OTHER' });
    for (const [path, body] of [
      ['/api/trademark/get-trademark', { trademarkId: theirs.trademark_id }],
      ['/api/trademark/update-trademark', { trademarkId: theirs.trademark_id, text: 'HACKED' }],
      ['/api/trademark/remove-trademark', { trademarkId: theirs.trademark_id }],
      ['/api/trademark/get-trademark', { trademarkId: 9_999_999 }],
    ] as const) {
      const res = await tp.post(path, body, { token: acmeUser.token });
      expect(res.body, path).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND, message: 'It does not exist or was removed.' });
    }
    const still = await tp.post('/api/trademark/get-trademark', { trademarkId: theirs.trademark_id }, { token: otherUser.token });
    expect(still.body.data?.trademark).toMatchObject({ trademark_text: 'OTHER' });
  });

  it('removes a trademark with its image', async () => {
    const up = await uploadPng(acmeUser, acme);
    const name = up.body.data?.name as string;
    const t = await createMark(acmeUser, { image: name });
    expect((await tp.post('/api/trademark/remove-trademark', { trademarkId: t.trademark_id }, { token: acmeUser.token })).body.code).toBe(0);
    expect(await tp.portal.services.db.selectFrom('stored_file').select('name').where('name', '=', name).executeTakeFirst()).toBeUndefined();
    const gone = await tp.post('/api/trademark/get-trademark', { trademarkId: t.trademark_id }, { token: acmeUser.token });
    expect(gone.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
  });
});

describe('trademark search', () => {
  let c: number;
  let u: TestUser;
  beforeAll(async () => {
    c = await createClient(tp, 'Searchable');
    u = await createUser(tp, { role: Role.CLIENT, clientId: c });
    await createMark(u, { no: 'S-1', text: 'SUNRISE', region: 'JP', type: '25', status: 1, registerDate: '2019-04-01', invalidDate: '2029-04-01', belongsto: 'Sun Holdings', descriptionEN: 'Clothing; footwear' });
    await createMark(u, { no: 'S-2', text: 'MOONLIGHT', region: 'US', type: '9', status: null, registerDate: '2022-06-15', invalidDate: '2032-06-15', descriptionJP: '被服' });
    await createMark(u, { no: 'S-3', text: 'SUNSET 100%', region: 'CN', type: '25', status: 3, registerDate: '2023-01-10' });
  });
  const search = (body: Record<string, unknown>, user: TestUser = u) => tp.post('/api/trademark/search-trademarks', body, { token: user.token });
  const nos = (res: Awaited<ReturnType<typeof search>>) => (res.body.data?.trademarks as { trademark_no: string }[]).map((t) => t.trademark_no);

  it('a client user sees only their own company, newest first, with the regions for the filter', async () => {
    const res = await search({});
    expect(nos(res)).toEqual(['S-3', 'S-2', 'S-1']);
    expect(res.body.data).toMatchObject({ total: 3, regions: ['CN', 'JP', 'US'] });
    const asked = await search({ clientId: c });
    expect(nos(asked)).toEqual(['S-3', 'S-2', 'S-1']);
    expect((await search({ clientId: acme })).status).toBe(403);
    // A filter naming another company only narrows what is already theirs.
    expect(nos(await search({ filters: { clientId: [acme] } }))).toEqual([]);
  });

  it('searches keywords and dates, filters columns (blank status too), sorts and pages', async () => {
    expect(nos(await search({ wordFields: ['text'], keyword: 'sun', searchType: 3 }))).toEqual(['S-3', 'S-1']);
    expect(nos(await search({ wordFields: ['text'], keyword: '100%', searchType: 2 }))).toEqual(['S-3']);
    expect(nos(await search({ wordFields: ['belongsto', 'descriptionJP'], keyword: '被服' }))).toEqual(['S-2']);
    expect(nos(await search({ wordFields: ['descriptionEN'], keyword: 'footwear' }))).toEqual(['S-1']);
    expect(nos(await search({ dateFields: ['registerDate'], startDate: '2022-01-01', endDate: '2022-12-31' }))).toEqual(['S-2']);
    expect(nos(await search({ dateFields: ['invalidDate'], startDate: '2030-01-01' }))).toEqual(['S-2']);
    expect(nos(await search({ filters: { region: ['JP', 'CN'] } }))).toEqual(['S-3', 'S-1']);
    expect(nos(await search({ filters: { type: ['25'] } }))).toEqual(['S-3', 'S-1']);
    expect(nos(await search({ filters: { status: [null] } }))).toEqual(['S-2']);
    expect(nos(await search({ filters: { status: [null, 1] } }))).toEqual(['S-2', 'S-1']);
    expect(nos(await search({ sort: { field: 'trademark_invalid_date', order: 'ascend' } }))).toEqual(['S-1', 'S-2', 'S-3']);
    const page = await search({ current: 2, pageSize: 2 });
    expect(nos(page)).toEqual(['S-1']);
    expect(page.body.data?.total).toBe(3);
    const bad = await search({ dateFields: ['registerDate'], startDate: '2023-01-01', endDate: '2022-01-01' });
    expect(bad.status).toBe(400);
  });

  it('an analyst sees every client, or the ones filtered', async () => {
    const all = await search({ pageSize: 500 }, analyst);
    const clients = new Set((all.body.data?.trademarks as { trademark_client_id: number }[]).map((t) => t.trademark_client_id));
    expect([...clients]).toEqual(expect.arrayContaining([acme, other, c]));
    expect(nos(await search({ filters: { clientId: [c] }, wordFields: ['text'], keyword: 'MOON' }, analyst))).toEqual(['S-2']);
    expect(nos(await search({ clientId: c, filters: { status: [3] } }, analyst))).toEqual(['S-3']);
  });

  it('a client user without a company has nothing to list', async () => {
    const loose = await createUser(tp, { role: Role.CLIENT });
    expect((await search({}, loose)).status).toBe(403);
  });
});

describe('trademark images', () => {
  it('uploads a PNG or JPEG, checked by its bytes, up to 10 MB, one at a time', async () => {
    const ok = await uploadPng(acmeUser, acme);
    expect(ok.body.data?.name).toMatch(/^tm-[0-9a-f-]+\.png$/);
    const jpeg = await tp.upload('/api/trademark/upload-image', { clientId: acme }, { name: 'photo.jpeg', bytes: JPEG }, { token: acmeUser.token });
    expect(jpeg.body.data?.name).toMatch(/\.jpg$/);

    const refused: [Parameters<typeof tp.upload>[2], string][] = [
      [{ name: 'fake.png', bytes: Buffer.from('this is a text file, renamed') }, 'The image must be a PNG or JPEG file.'],
      [{ name: 'anim.png', bytes: GIF }, 'The image must be a PNG or JPEG file.'],
      [{ name: 'page.png', bytes: PNG_WITH_HTML }, 'The file starts like a PNG image but is not a readable one (damaged, or another kind of file). Please choose another image.'],
      [{ name: 'cut.jpg', bytes: JPEG.subarray(0, 40) }, 'The file starts like a JPEG image but is not a readable one (damaged, or another kind of file). Please choose another image.'],
      [{ name: 'huge.png', bytes: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) }, 'The file is larger than 10 MB, the most this upload takes. Please choose a smaller file (a large report can be split into several files).'],
      [[{ name: 'a.png', bytes: PNG }, { name: 'b.png', bytes: PNG }], 'Only one file can be uploaded at a time. Please upload the files one after another.'],
      [null, 'No file was received. Please choose the file to upload and try again.'],
    ];
    const count = async () => Number((await tp.portal.services.db.selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const [file, message] of refused) {
      const res = await tp.upload('/api/trademark/upload-image', { clientId: acme }, file, { token: acmeUser.token });
      expect(res.body, message).toMatchObject({ code: ErrorCode.FILE_REJECTED, message });
    }
    expect(await count()).toBe(before);

    const json = await tp.post('/api/trademark/upload-image', { clientId: acme }, { token: acmeUser.token });
    expect(json).toMatchObject({ status: 400, body: { message: 'The file was not sent as a multipart form upload. Please send it as multipart/form-data with the file in the field "file".' } });
    const ja = await tp.upload('/api/trademark/upload-image', { clientId: acme }, { name: 'x.png', bytes: GIF }, { token: acmeUser.token, locale: 'ja' });
    expect(ja.body.message).toBe('画像はPNGまたはJPEGファイルにしてください。');
    const disguisedJa = await tp.upload('/api/trademark/upload-image', { clientId: acme }, { name: 'x.png', bytes: PNG_WITH_HTML }, { token: acmeUser.token, locale: 'ja' });
    expect(disguisedJa.body.message).toBe('このファイルはPNG画像のように見えますが、画像として読み取れません（破損しているか、別の種類のファイルです）。別の画像を選んでください。');
  });

  it('refuses another company\'s client id or trademark id', async () => {
    expect((await uploadPng(acmeUser, other)).status).toBe(403);
    const theirs = await createMark(otherUser);
    const res = await tp.upload('/api/trademark/upload-image', { clientId: acme, trademarkId: theirs.trademark_id }, { name: 'a.png', bytes: PNG }, { token: acmeUser.token });
    expect(res.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
  });

  it('serves an image only to those who may see the trademark, from the header or the session cookie', async () => {
    const name = (await uploadPng(acmeUser, acme)).body.data?.name as string;
    await createMark(acmeUser, { image: name });
    const url = `/api/trademark/get-trademark-image?name=${name}&clientId=${acme}`;

    const mine = await tp.get(url, { token: acmeUser.token });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.bytes.equals(PNG)).toBe(true);
    expect((await tp.get(url, { token: acmeUser.token, cookie: true })).status).toBe(200);
    expect((await tp.get(url, { token: analyst.token })).status).toBe(200);

    const guessed = await tp.get(url, { token: otherUser.token });
    expect(guessed.bytes.equals(PNG)).toBe(false);
    expect(JSON.parse(guessed.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
    const wrongClient = await tp.get(`/api/trademark/get-trademark-image?name=${name}&clientId=${other}`, { token: otherUser.token });
    expect(JSON.parse(wrongClient.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
    expect((await tp.get(url)).status).toBe(401);
    expect((await tp.get(`${url}&token=${acmeUser.token}`)).status).toBe(401);
    const admin = await createUser(tp, { role: Role.ADMIN });
    expect((await tp.get(url, { token: admin.token })).status).toBe(403);
  });

  it('links an upload on save, refuses another company\'s or a used image, and drops replaced images', async () => {
    const theirs = (await uploadPng(otherUser, other)).body.data?.name as string;
    const stolen = await tp.post('/api/trademark/create-trademark', mark({ image: theirs }), { token: acmeUser.token });
    expect(stolen.body).toMatchObject({ code: ErrorCode.IMAGE_NOT_FOUND });

    const first = (await uploadPng(acmeUser, acme)).body.data?.name as string;
    const t = await createMark(acmeUser, { image: first });
    expect(t.trademark_image).toBe(first);
    const reused = await tp.post('/api/trademark/create-trademark', mark({ image: first }), { token: acmeUser.token });
    expect(reused.body.code).toBe(ErrorCode.IMAGE_NOT_FOUND);

    const second = (await tp.upload('/api/trademark/upload-image', { clientId: acme, trademarkId: t.trademark_id }, { name: 'b.png', bytes: PNG }, { token: acmeUser.token })).body.data?.name as string;
    const replaced = await tp.post('/api/trademark/update-trademark', { trademarkId: t.trademark_id, image: second }, { token: acmeUser.token });
    expect(replaced.body.data?.trademark).toMatchObject({ trademark_image: second });
    const files = tp.portal.services.db.selectFrom('stored_file').select('name');
    expect(await files.where('name', '=', first).executeTakeFirst()).toBeUndefined();

    const cleared = await tp.post('/api/trademark/update-trademark', { trademarkId: t.trademark_id, image: null }, { token: acmeUser.token });
    expect(cleared.body.data?.trademark).toMatchObject({ trademark_image: null });
    expect(await files.where('name', '=', second).executeTakeFirst()).toBeUndefined();
  });

  it('removes a pending upload, or the saved image of the trademark named, and nothing of another company', async () => {
    const pending = (await uploadPng(acmeUser, acme)).body.data?.name as string;
    expect((await tp.post('/api/trademark/remove-image', { name: pending, clientId: other }, { token: otherUser.token })).body.code).toBe(ErrorCode.IMAGE_NOT_FOUND);
    expect((await tp.post('/api/trademark/remove-image', { name: pending, clientId: other }, { token: acmeUser.token })).status).toBe(403);
    expect((await tp.post('/api/trademark/remove-image', { name: pending, clientId: acme }, { token: acmeUser.token })).body.code).toBe(0);

    const saved = (await uploadPng(acmeUser, acme)).body.data?.name as string;
    const t = await createMark(acmeUser, { image: saved });
    const withoutTrademark = await tp.post('/api/trademark/remove-image', { name: saved, clientId: acme }, { token: acmeUser.token });
    expect(withoutTrademark.body.code).toBe(ErrorCode.IMAGE_NOT_FOUND);
    const res = await tp.post('/api/trademark/remove-image', { name: saved, clientId: acme, trademarkId: t.trademark_id }, { token: acmeUser.token });
    expect(res.body.code).toBe(0);
    const after = await tp.post('/api/trademark/get-trademark', { trademarkId: t.trademark_id }, { token: acmeUser.token });
    expect(after.body.data?.trademark).toMatchObject({ trademark_image: null });
  });
});

describe('registration requests', () => {
  const request = (over: Record<string, string> = {}) => ({
    trademark_title: 'ACME STAR',
    trademark_detail: 'Clothing, class 25',
    company: 'Acme KK',
    name: 'Aiko Tanaka',
    mail: 'aiko@acme.example',
    tel: '+81 3-1234-5678',
    ...over,
  });

  it('stores the request and mails it with the design mark attached to the provider\'s desk', async () => {
    tp.mailbox.clear();
    const res = await tp.upload('/api/trademark/registration', request({ fax: '03-1234-5679', remarks: 'Urgent' }), { name: 'mark.bmp', bytes: BMP }, { token: acmeUser.token });
    expect(res.body).toMatchObject({ code: 0 });
    const requestId = res.body.data?.requestId as number;
    const row = await tp.portal.services.db.selectFrom('trademark_request').selectAll().where('request_id', '=', requestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ client_id: acme, user_id: acmeUser.userId, title: 'ACME STAR', company: 'Acme KK', fax: '03-1234-5679' });

    const mail = await tp.mailbox.latestTo(TEST_REQUEST_DESK);
    expect(mail.subject).toBe('Trademark registration request from Acme KK');
    expect(mail.text).toContain('Aiko Acme (Acme)');
    expect(mail.text).toContain('Word mark: ACME STAR');
    expect(mail.text).toContain('Remarks: Urgent');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe(`request-${requestId}.bmp`);
    expect(mail.attachments[0]?.content.equals(BMP)).toBe(true);
  });

  it('needs a word mark or an image; an image alone will do', async () => {
    const none = await tp.upload('/api/trademark/registration', request({ trademark_title: '' }), null, { token: acmeUser.token });
    expect(none).toMatchObject({ status: 400, body: { message: 'Enter the word mark or image mark.' } });
    const imageOnly = await tp.upload('/api/trademark/registration', request({ trademark_title: '' }), { name: 'm.gif', bytes: GIF }, { token: acmeUser.token });
    expect(imageOnly.body.code).toBe(0);
    const wordOnly = await tp.upload('/api/trademark/registration', request(), null, { token: acmeUser.token, locale: 'ja' });
    expect(wordOnly.body.code).toBe(0);
    const mail = await tp.mailbox.latestTo(TEST_REQUEST_DESK);
    expect(mail.subject).toBe('Acme KK様より商標登録のご依頼');
    expect(mail.attachments).toHaveLength(0);
  });

  it('refuses bad input with its message, and stores and mails nothing', async () => {
    const count = async () => Number((await tp.portal.services.db.selectFrom('trademark_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const mailsBefore = tp.mailbox.mails.length;
    const cases: [Record<string, string>, string][] = [
      [{ trademark_detail: '' }, 'Please enter your trademark description.'],
      [{ company: '' }, 'Please enter the applicant name.'],
      [{ name: '' }, 'Please enter the person in charge.'],
      [{ mail: '' }, 'Please enter the email of the person in charge.'],
      [{ mail: 'not-a-mail' }, 'Please enter a valid email.'],
      [{ tel: '' }, 'Please enter the phone number of the person in charge.'],
      [{ tel: 'call me' }, 'Please enter a valid phone number.'],
      [{ tel: '123' }, 'Please enter a valid phone number.'],
      [{ fax: 'fax?' }, 'Please enter a valid fax number.'],
      [{ company: 'x'.repeat(201) }, 'The applicant name is too long: at most 200 characters.'],
    ];
    for (const [over, message] of cases) {
      const res = await tp.upload('/api/trademark/registration', request(over), null, { token: acmeUser.token });
      expect(res.body.message, JSON.stringify(over)).toBe(message);
    }
    const wrongType = await tp.upload('/api/trademark/registration', request(), { name: 'mark.png', bytes: Buffer.from('%PDF-1.7') }, { token: acmeUser.token });
    expect(wrongType.body).toMatchObject({ code: ErrorCode.FILE_REJECTED, message: 'The image must be a PNG, JPEG, BMP or GIF file.' });
    const disguised = await tp.upload('/api/trademark/registration', request(), { name: 'mark.gif', bytes: Buffer.from('GIF89a<html></html>') }, { token: acmeUser.token });
    expect(disguised.body).toMatchObject({ code: ErrorCode.FILE_REJECTED, message: expect.stringContaining('starts like a GIF image') });
    expect(await count()).toBe(before);
    expect(tp.mailbox.mails.length).toBe(mailsBefore);
  });

  it('is for client users of a company only', async () => {
    expect((await tp.upload('/api/trademark/registration', request(), null, { token: analyst.token })).status).toBe(403);
    const loose = await createUser(tp, { role: Role.CLIENT });
    expect((await tp.upload('/api/trademark/registration', request(), null, { token: loose.token })).status).toBe(403);
  });
});
