import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let clientId: number;
let otherClientId: number;
let manager: TestUser;
let outsider: TestUser; // an analyst who does not manage the client
let admin: TestUser; // an administrator who is not a manager
let own: TestUser; // the client's own user
let foreign: TestUser; // a user of another client

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Settings Co');
  otherClientId = await createClient(tp, 'Elsewhere Co');
  manager = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  admin = await createUser(tp, { role: Role.ADMIN });
  own = await createUser(tp, { role: Role.CLIENT, clientId });
  foreign = await createUser(tp, { role: Role.CLIENT, clientId: otherClientId });
  await tp.portal.services.db.insertInto('client_manager').values([
    { client_id: clientId, user_id: manager.userId },
    { client_id: otherClientId, user_id: manager.userId },
  ]).execute();
});
afterAll(async () => {
  await tp?.close();
});

const as = (user: TestUser, path: string, body: object) => tp.post(path, { clientId, ...body }, { token: user.token });

describe('brands, keywords and models', () => {
  it('a managing analyst keeps brands with keywords and models; readers see them', async () => {
    const created = await as(manager, '/api/analyst/create-brand', { brand: 'Sakura' });
    const brandId = (created.body.data?.brands as { brand_id: number }[])[0]!.brand_id;
    const kw = await as(manager, '/api/analyst/create-brand-keyword', { brandId, keywordName: 'さくら' });
    expect(kw.body.data).toMatchObject({ brandId, brandKeywords: [{ keyword_name: 'さくら' }] });
    const model = await as(manager, '/api/analyst/create-brand-model', { brandId, brandModelName: 'SK-100', brandModelPrice: '19.99' });
    expect(model.body.data).toMatchObject({ brandId, brandModels: [{ model_name: 'SK-100', model_price: 19.99 }] });
    const keywordId = (kw.body.data?.brandKeywords as { keyword_id: number }[])[0]!.keyword_id;
    const renamed = await as(manager, '/api/analyst/update-brand-keyword', { brandId, keywordId, keywordName: 'sakura' });
    expect(renamed.body.data?.brandKeywords).toEqual([{ keyword_id: keywordId, keyword_name: 'sakura' }]);

    for (const reader of [manager, outsider, own]) {
      const res = await as(reader, '/api/analyst/fetch-brands', {});
      expect(res.body.data?.brands).toEqual([
        { brand_id: brandId, brand_name: 'Sakura', keywords: [{ keyword_id: keywordId, keyword_name: 'sakura' }], models: [expect.objectContaining({ model_name: 'SK-100' })] },
      ]);
    }
    expect((await as(manager, '/api/analyst/update-brand', { brandId, brand: 'Sakura Beauty' })).body.data?.brands).toMatchObject([{ brand_name: 'Sakura Beauty' }]);
    expect((await as(manager, '/api/analyst/remove-brand', { brandId })).body.data?.brands).toEqual([]);
    const orphans = await tp.portal.services.db.selectFrom('brand_keyword').select('keyword_id').where('brand_id', '=', brandId).execute();
    expect(orphans).toEqual([]);
  });

  it('refuses a duplicate brand, a missing price, and another client brand id', async () => {
    await as(manager, '/api/analyst/create-brand', { brand: 'Fuji' });
    const dup = await as(manager, '/api/analyst/create-brand', { brand: 'FUJI' }, );
    expect(dup.body).toMatchObject({ code: 1016, message: translate('en', 'error.duplicateName') });
    const other = await tp.post('/api/analyst/create-brand', { clientId: otherClientId, brand: 'Theirs' }, { token: manager.token });
    const theirBrand = (other.body.data?.brands as { brand_id: number }[])[0]!.brand_id;
    const cross = await as(manager, '/api/analyst/create-brand-keyword', { brandId: theirBrand, keywordName: 'x' });
    expect(cross.body.code).toBe(1009);
    const crossModel = await as(manager, '/api/analyst/remove-brand', { brandId: theirBrand });
    expect(crossModel.body.code).toBe(1009);
    const noPrice = await as(manager, '/api/analyst/create-brand-model', { brandId: theirBrand, brandModelName: 'M' });
    expect(noPrice.body.message).toBe(translate('en', 'validation.modelPriceRequired'));
    const negative = await as(manager, '/api/analyst/create-brand-model', { brandId: theirBrand, brandModelName: 'M', brandModelPrice: -1 });
    expect(negative.body.message).toBe(translate('en', 'validation.priceInvalid'));
    const missing = await as(manager, '/api/analyst/create-brand', { brand: '' }, );
    expect(missing.body.message).toBe(translate('en', 'validation.brandRequired'));
    const ja = await tp.post('/api/analyst/create-brand', { clientId, brand: ' ' }, { token: manager.token, locale: 'ja' });
    expect(ja.body.message).toBe('ブランド名を入力してください。');
  });
});

describe('who may read and change master data', () => {
  const changes: [string, object][] = [
    ['/api/analyst/create-brand', { brand: 'Nope' }],
    ['/api/analyst/create-product-category', { name: 'n', nameEn: 'n', code: 'n' }],
    ['/api/analyst/create-custom-column', { name: 'c', category: 1, position: 'ec_site', order: 1 }],
    ['/api/analyst/create-special-url', { type: 2, url: 'https://bad.example' }],
    ['/api/analyst/create-special-word', { type: 1, word: 'compatible' }],
    ['/api/analyst/create-attorney-letter', { region: 'JP', startDate: '2026-01-01', endDate: '2026-12-31' }],
    ['/api/analyst/set-trademark-countries', { regions: 'JP' }],
  ];

  it('analysts who do not manage the client, administrators and client users are refused every change', async () => {
    const counts = async () =>
      Promise.all(['brand', 'product_category', 'custom_column', 'special_url', 'special_word', 'attorney_letter', 'client_setting'].map(async (t) =>
        (await tp.portal.services.db.selectFrom(t as 'brand').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
    const before = await counts();
    for (const user of [outsider, admin, own, foreign]) {
      for (const [path, body] of changes) {
        const res = await as(user, path, body);
        expect(res.status, `${path}`).toBe(403);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('reads the record screens need are open to analysts and the own client user, not to others', async () => {
    for (const path of ['/api/analyst/fetch-brands', '/api/analyst/fetch-product-categories', '/api/analyst/fetch-custom-columns']) {
      for (const ok of [manager, outsider, own]) expect((await as(ok, path, {})).body.code, path).toBe(0);
      for (const no of [foreign, admin]) expect((await as(no, path, {})).status, path).toBe(403);
    }
    for (const path of ['/api/analyst/fetch-special-urls', '/api/analyst/fetch-special-words']) {
      expect((await as(manager, path, { type: 1 })).body.code).toBe(0);
      for (const no of [outsider, own, foreign, admin]) expect((await as(no, path, { type: 1 })).status, path).toBe(403);
    }
  });

  it('impact settings: the own client user and managers change them; nobody else', async () => {
    const body = { priceType: 2, price: 30, countType: 3, count: 10, radio: 50 };
    expect((await as(own, '/api/analyst/set-impact-settings', body)).body.data?.settings).toEqual({ priceType: 2, price: 30, countType: 3, count: 10, radio: 50 });
    expect((await as(manager, '/api/analyst/get-impact-settings', {})).body.data?.settings).toMatchObject({ price: 30 });
    for (const no of [foreign, outsider, admin]) expect((await as(no, '/api/analyst/set-impact-settings', body)).status).toBe(403);
    const bad: [object, string][] = [
      [{ ...body, radio: 120 }, 'validation.percentInvalid'],
      [{ ...body, radio: 'half' }, 'validation.percentInvalid'],
      [{ ...body, price: -5 }, 'validation.priceInvalid'],
      [{ ...body, price: 'cheap' }, 'validation.priceInvalid'],
      [{ ...body, count: 1.5 }, 'validation.countInvalid'],
      [{ ...body, priceType: 2, price: null }, 'validation.priceInvalid'],
      [{ ...body, countType: 7 }, 'validation.countTypeInvalid'],
    ];
    for (const [payload, key] of bad) expect((await as(own, '/api/analyst/set-impact-settings', payload)).body.message).toBe(translate('en', key as 'validation.priceInvalid'));
    expect((await as(own, '/api/analyst/get-impact-settings', {})).body.data?.settings).toMatchObject({ radio: 50 });
  });
});

describe('the simple lists', () => {
  it('product categories, custom columns, words, urls and letters: create, update, remove, each answering the list', async () => {
    const cat = await as(manager, '/api/analyst/create-product-category', { name: 'バッグ', nameEn: 'Bags', code: 'BAG' });
    const categoryId = (cat.body.data?.categories as { id: number }[])[0]!.id;
    expect((await as(manager, '/api/analyst/update-product-category', { categoryId, name: 'バッグ類', nameEn: 'Bags', code: 'BAG' })).body.data?.categories).toEqual([
      { id: categoryId, name: 'バッグ類', name_en: 'Bags', code: 'BAG' },
    ]);
    const dupCode = await as(manager, '/api/analyst/create-product-category', { name: 'Other', nameEn: 'Other', code: 'bag' });
    expect(dupCode.body.code).toBe(1016);

    const col = await as(manager, '/api/analyst/create-custom-column', { name: 'Marketplace fee', category: 2, position: 'ec_product_price', order: 1 });
    expect(col.body.data?.columns).toMatchObject([{ column_name: 'Marketplace fee', column_category: 2, column_position: 'ec_product_price', column_order: 1 }]);
    expect((await as(manager, '/api/analyst/create-custom-column', { name: 'x', category: 8, position: 'ec_site', order: 1 })).body.message).toBe(translate('en', 'validation.columnCategoryRequired'));
    expect((await as(manager, '/api/analyst/create-custom-column', { name: 'x', category: 1, position: 'password_hash', order: 1 })).body.message).toBe(translate('en', 'validation.columnPositionRequired'));

    const black = await as(manager, '/api/analyst/create-special-url', { type: 2, url: 'https://fake.example/shop', seller: 'Fake Shop', sellerId: 'f-1', company: 'Fake Ltd', remarks: 'seen in May' });
    const white = await as(manager, '/api/analyst/create-special-url', { type: 1, seller: 'Official Store' });
    expect(black.body.data?.urls).toMatchObject([{ type: 2, url: 'https://fake.example/shop', sellerId: 'f-1' }]);
    expect(white.body.data?.urls).toMatchObject([{ type: 1, seller: 'Official Store' }]);
    expect((await as(manager, '/api/analyst/create-special-url', { type: 2, url: 'javascript:alert(1)' })).body.message).toBe(translate('en', 'validation.urlInvalid'));
    expect((await as(manager, '/api/analyst/create-special-url', { type: 2 })).body.message).toBe(translate('en', 'validation.urlOrSellerRequired'));
    const blackId = (black.body.data?.urls as { id: number }[])[0]!.id;
    const removed = await as(manager, '/api/analyst/remove-special-url', { urlId: blackId });
    expect(removed.body.data?.urls).toEqual([]); // the blacklist, now empty; the whitelist keeps its row
    expect((await as(manager, '/api/analyst/fetch-special-urls', { type: 1 })).body.data?.urls).toHaveLength(1);

    const word = await as(manager, '/api/analyst/create-special-word', { type: 1, word: 'compatible with' });
    const wordId = (word.body.data?.words as { id: number }[])[0]!.id;
    expect((await as(manager, '/api/analyst/update-special-word', { wordId, word: 'fits' })).body.data?.words).toEqual([{ id: wordId, word: 'fits', type: 1 }]);

    const letter = await as(manager, '/api/analyst/create-attorney-letter', { region: 'CN', startDate: '2026-01-01', endDate: '2026-12-31', remindFlag: true });
    expect(letter.body.data?.letters).toMatchObject([{ region: 'CN', startDate: '2026-01-01', endDate: '2026-12-31', remindFlag: true }]);
    expect((await as(manager, '/api/analyst/create-attorney-letter', { region: 'XX', startDate: '2026-01-01', endDate: '2026-12-31' })).body.code).toBe(1017);
    expect((await as(manager, '/api/analyst/create-attorney-letter', { region: 'JP', startDate: '2026-05-01', endDate: '2026-01-01' })).body.message).toBe(translate('en', 'validation.endBeforeStart'));
    expect((await as(manager, '/api/analyst/create-attorney-letter', { region: 'JP', endDate: '2026-01-01' })).body.message).toBe(translate('en', 'validation.letterStartRequired'));
  });

  it('ids of another client rows answer as not found and change nothing', async () => {
    const theirs = await tp.post('/api/analyst/create-product-category', { clientId: otherClientId, name: 'Theirs', nameEn: 'Theirs', code: 'T' }, { token: manager.token });
    const theirId = (theirs.body.data?.categories as { id: number }[])[0]!.id;
    const res = await as(manager, '/api/analyst/update-product-category', { categoryId: theirId, name: 'Mine now', nameEn: 'x', code: 'x' });
    expect(res.body.code).toBe(1009);
    expect((await as(manager, '/api/analyst/remove-product-category', { categoryId: theirId })).body.code).toBe(1009);
    const row = await tp.portal.services.db.selectFrom('product_category').select('name').where('id', '=', theirId).executeTakeFirstOrThrow();
    expect(row.name).toBe('Theirs');
  });

  it('trademark countries are saved as one comma-separated list of known codes', async () => {
    expect((await as(manager, '/api/analyst/set-trademark-countries', { regions: 'JP,US,CN,JP' })).body.data).toEqual({ regions: { regions: 'JP,US,CN' } });
    expect((await as(manager, '/api/analyst/get-trademark-countries', {})).body.data).toEqual({ regions: { regions: 'JP,US,CN' } });
    expect((await as(manager, '/api/analyst/set-trademark-countries', { regions: 'JP,ZZ' })).body.code).toBe(1017);
    expect((await as(manager, '/api/analyst/set-trademark-countries', { regions: 'JP;DROP' })).status).toBe(400);
    expect((await as(manager, '/api/analyst/set-trademark-countries', { regions: '' })).body.data).toEqual({ regions: { regions: '' } });
  });
});
