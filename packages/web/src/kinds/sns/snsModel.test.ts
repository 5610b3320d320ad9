import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { SNS_RECORD_FIELDS, SNS_UPDATE_FIELDS, snsRecords, type SnsRecord } from '@portal/contract';
import { isEmptyUpdate } from '../../records/kind';
import { STANDARD_DATE_FIELDS, STANDARD_NUMBER_FIELDS, STANDARD_TEXT_FIELDS, standardFormFields, standardSaveProblem } from '../../records/standardForm';
import {
  SNS_COLUMN_KEYS,
  SNS_DEFAULT_COLUMNS,
  SNS_FORM,
  SNS_INITIAL_SEARCH,
  SNS_LIST_FIELDS,
  accountTitle,
  actionOptions,
  platformOptions,
  resultOptions,
  snsCategoryOptions,
  snsFieldLabel,
  snsRecordFieldOf,
  snsValueText,
} from './snsModel';

const record: SnsRecord = {
  id: 21,
  client_id: 4,
  no: 1,
  reportId: 6,
  platform: 1,
  scanDate: '2026-04-01',
  searchKeyword: 'brand',
  accountName: 'Cheap Brand Shop',
  accountId: 'cheap_brand',
  accountURL: 'https://www.instagram.com/cheap_brand/',
  followers: 12800,
  postURL: 'https://www.instagram.com/p/AbC123/',
  postText: 'Brand bags 90% off\nDM to order',
  postedAt: '2026-03-28',
  region: 'CN',
  imageURL: 'https://cdn.example/img/1.jpg',
  blacklist: 'seller: cheap_brand',
  whitelist: '',
  categorizeDate: null,
  categoryId: null,
  remarks: '',
  action: null,
  responseRemarks: '',
  trademarkId: null,
  responseDate: null,
  process1Date: null,
  process1ResultId: null,
  process1ConfirmDate: null,
  process2Date: null,
  process2ResultId: null,
  process2ConfirmDate: null,
  process3Date: null,
  process3ResultId: null,
  process3ConfirmDate: null,
  processResultId: null,
  processConfirmDate: null,
  processRemarks: '',
  is_error: false,
  published: true,
  updated_at: '2026-04-02T00:00:00Z',
};

const lookups = { locale: 'en' as const, trademarks: new Map([[7, 'TM-7']]), reports: new Map([[6, 'April sweep']]) };

describe('SNS fields and values', () => {
  it('lists the contract fields as columns, defaults and the first search among them, labels in both languages', () => {
    expect(SNS_COLUMN_KEYS).toEqual(SNS_RECORD_FIELDS.map((f) => f.key));
    for (const key of SNS_DEFAULT_COLUMNS) expect(SNS_COLUMN_KEYS).toContain(key);
    for (const key of SNS_INITIAL_SEARCH.wordFields) expect(SNS_LIST_FIELDS.wordFields).toContain(key);
    expect(snsFieldLabel('categoryId', 'en')).toBe('SNS category');
    expect(snsFieldLabel('categoryId', 'ja')).toBe('SNS分類');
    expect(snsFieldLabel('unknown', 'en')).toBe('unknown');
  });
  it('offers the ten platforms and SNS categories, three actions and three results in the user language', () => {
    expect(platformOptions('en').map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(platformOptions('ja')[7]?.label).toBe('小紅書（RED）');
    expect(snsCategoryOptions('en').map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(snsCategoryOptions('en')[4]).toEqual({ value: 5, label: 'Impersonation' });
    expect(actionOptions('ja').map((o) => o.label)).toEqual(['削除申請', '保留', '対応不要']);
    expect(resultOptions('en')).toHaveLength(3);
  });
  it('reads platforms, codes, ids and dates', () => {
    expect(snsValueText('platform', 4, lookups)).toBe('TikTok');
    expect(snsValueText('platform', '1', lookups)).toBe('Instagram');
    expect(snsValueText('categoryId', 3, lookups)).toBe('Counterfeit sales');
    expect(snsValueText('categoryId', 3, { ...lookups, locale: 'ja' })).toBe('模倣品販売');
    expect(snsValueText('action', 1, lookups)).toBe('Takedown');
    expect(snsValueText('process3ResultId', 2, lookups)).toBe('Takedown (done)');
    expect(snsValueText('trademarkId', 7, lookups)).toBe('TM-7');
    expect(snsValueText('reportId', 6, lookups)).toBe('April sweep');
    expect(snsValueText('postedAt', '2026-03-28T00:00:00Z', lookups)).toBe('2026-03-28');
    expect(snsValueText('categoryId', null, lookups)).toBe('');
    expect(snsValueText('platform', 99, lookups)).toBe('99');
    expect(snsValueText('followers', 12800, lookups)).toBe('12800');
  });
  it('names history fields by the record field whichever naming comes', () => {
    expect(snsRecordFieldOf('process1Result')).toBe('process1ResultId');
    expect(snsRecordFieldOf('processResultId')).toBe('processResultId');
    expect(snsRecordFieldOf('categoryId')).toBe('categoryId');
  });
  it('titles a record by its account name, else its id', () => {
    expect(accountTitle(record)).toBe('Cheap Brand Shop');
    expect(accountTitle({ accountName: ' ', accountId: 'cheap_brand' })).toBe('@cheap_brand');
    expect(accountTitle({ accountName: '', accountId: '' })).toBe('');
  });
});

describe('the SNS detail form', () => {
  it('covers every update field exactly once', () => {
    const all = [...STANDARD_DATE_FIELDS, ...STANDARD_NUMBER_FIELDS, ...STANDARD_TEXT_FIELDS].sort();
    expect(all).toEqual(Object.keys(SNS_UPDATE_FIELDS).sort());
  });
  it('round-trips the saved record through the form', () => {
    expect(standardFormFields(SNS_FORM.formValuesOf(record))).toEqual(SNS_FORM.savedFields(record));
    expect(isEmptyUpdate(SNS_FORM.changedPayload({ clientId: 4, record, values: SNS_FORM.formValuesOf(record), analyst: true }))).toBe(true);
  });
  it('sends only what changed, in the payload names, and only what the role may change', () => {
    const values = { ...SNS_FORM.formValuesOf(record), categoryId: 5, categorizeDate: dayjs('2026-04-03'), process1Result: 1, process1Date: dayjs('2026-04-04'), action: 1 };
    const analyst = SNS_FORM.changedPayload({ clientId: 4, record, values, analyst: true });
    expect(analyst).toEqual({ clientId: 4, recordId: 21, categoryId: 5, categorizeDate: '2026-04-03', process1Result: 1, process1Date: '2026-04-04', action: 1 });
    expect(snsRecords.updateRecordInput.safeParse(analyst).success).toBe(true);
    expect(SNS_FORM.changedPayload({ clientId: 4, record, values, analyst: false })).toEqual({ clientId: 4, recordId: 21, action: 1 });
    expect(snsRecords.updateRecordInput.safeParse({ clientId: 4, recordId: 21, categoryId: 11 }).success).toBe(false);
  });
  it('checks the save rule in the spec order with the SNS category as the category', () => {
    const base = SNS_FORM.savedFields(record);
    expect(standardSaveProblem(base)?.key).toBe('validation.categorizeDateRequired');
    expect(standardSaveProblem({ ...base, categorizeDate: '2026-04-03' })?.key).toBe('validation.recordCategoryRequired');
    expect(standardSaveProblem({ ...base, categorizeDate: '2026-04-03', categoryId: 5 })).toBeNull();
  });
});
