import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let analyst: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  analyst = await createUser(tp, { role: Role.ANALYST });
});
afterAll(async () => {
  await tp?.close();
});

const post = (path: string, body: object, user: TestUser = analyst, locale: 'en' | 'ja' = 'en') => tp.post(path, body, { token: user.token, locale });

describe('infringement categories', () => {
  it('analysts keep main categories with subcategories; every change answers the list', async () => {
    const created = await post('/api/analyst/create-infringement-category', { name: '商標', nameEn: 'Trademark', code: 'TM' });
    const categoryId = (created.body.data?.categories as { id: number }[])[0]!.id;
    const sub = await post('/api/analyst/create-infringement-subcategory', {
      categoryId,
      subcategoryName: '模倣品',
      subcategoryNameEn: 'Counterfeit',
      subcategoryCode: 'TM-01',
      commonCategory: '3',
    });
    expect(sub.body.data).toMatchObject({ categoryId, categories: [{ name: '模倣品', name_en: 'Counterfeit', code: 'TM-01', commonCategory: 3 }] });
    const subcategoryId = (sub.body.data?.categories as { id: number }[])[0]!.id;
    const edited = await post('/api/analyst/update-infringement-subcategory', {
      categoryId,
      subcategoryId,
      subcategoryName: '模倣品（広告）',
      subcategoryNameEn: 'Counterfeit (ad)',
      subcategoryCode: 'TM-02',
      commonCategory: 2,
    });
    expect(edited.body.data?.categories).toMatchObject([{ id: subcategoryId, code: 'TM-02', commonCategory: 2 }]);
    const all = await post('/api/analyst/fetch-infringement-categories', {});
    expect(all.body.data?.categories).toMatchObject([{ id: categoryId, name: '商標', subcategories: [{ id: subcategoryId }] }]);
    expect((await post('/api/analyst/update-infringement-category', { categoryId, name: '商標権', nameEn: 'Trademark right' })).body.data?.categories).toMatchObject([{ name: '商標権', code: 'TM' }]);
    expect((await post('/api/analyst/remove-infringement-subcategory', { categoryId, subcategoryId })).body.data).toEqual({ categoryId, categories: [] });
    expect((await post('/api/analyst/remove-infringement-category', { categoryId })).body.data?.categories).toEqual([]);
  });

  it('refuses missing fields, an aggregate category outside 1-17, duplicates and unknown ids', async () => {
    const created = await post('/api/analyst/create-infringement-category', { name: 'Design', nameEn: 'Design', code: 'DS' });
    const categoryId = (created.body.data?.categories as { id: number; name: string }[]).find((c) => c.name === 'Design')!.id;
    const base = { categoryId, subcategoryName: 'S', subcategoryNameEn: 'S', subcategoryCode: 'DS-1', commonCategory: 12 };
    expect((await post('/api/analyst/create-infringement-category', { nameEn: 'x' })).body.message).toBe(translate('en', 'validation.categoryNameRequired'));
    expect((await post('/api/analyst/create-infringement-category', { name: 'x' }, analyst, 'ja')).body.message).toBe(translate('ja', 'validation.categoryNameEnRequired'));
    expect((await post('/api/analyst/create-infringement-subcategory', { ...base, commonCategory: 18 })).body.message).toBe(translate('en', 'validation.aggregateCategoryRequired'));
    expect((await post('/api/analyst/create-infringement-subcategory', { ...base, commonCategory: 'design' })).body.message).toBe(translate('en', 'validation.aggregateCategoryRequired'));
    expect((await post('/api/analyst/create-infringement-subcategory', { ...base, subcategoryCode: '' })).body.message).toBe(translate('en', 'validation.categoryCodeRequired'));
    expect((await post('/api/analyst/create-infringement-subcategory', base)).body.code).toBe(0);
    expect((await post('/api/analyst/create-infringement-subcategory', { ...base, subcategoryName: 'Other' })).body.code).toBe(1016); // same code
    expect((await post('/api/analyst/create-infringement-category', { name: 'design', nameEn: 'x' })).body.code).toBe(1016);
    expect((await post('/api/analyst/create-infringement-subcategory', { ...base, categoryId: 999_999 })).body.code).toBe(1009);
    expect((await post('/api/analyst/remove-infringement-category', { categoryId: 999_999 })).body.code).toBe(1009);
  });

  it('only analysts change the master; client users may read it to name their records\' categories', async () => {
    const clientId = await createClient(tp);
    const admin = await createUser(tp, { role: Role.ADMIN });
    const client = await createUser(tp, { role: Role.CLIENT, clientId });
    expect((await post('/api/analyst/fetch-infringement-categories', {}, admin)).status).toBe(403);
    const read = await post('/api/analyst/fetch-infringement-categories', {}, client);
    expect(read.body.code).toBe(0);
    expect((read.body.data?.categories as unknown[]).length).toBeGreaterThan(0);
    for (const user of [admin, client]) {
      expect((await post('/api/analyst/create-infringement-category', { name: 'x', nameEn: 'x' }, user)).status).toBe(403);
    }
  });
});
