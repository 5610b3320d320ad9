import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { WS_RECORD_FIELDS, WS_UPDATE_FIELDS, wsRecords, type WsRecord } from '@portal/contract';
import { isEmptyUpdate } from '../../records/kind';
import {
  STANDARD_DATE_FIELDS,
  STANDARD_NUMBER_FIELDS,
  STANDARD_TEXT_FIELDS,
  standardFormFields as wsFormFields,
  standardSaveProblem as wsSaveProblem,
  standardStepFinished as wsStepFinished,
} from '../../records/standardForm';
import { WS_COLUMN_KEYS, WS_DEFAULT_COLUMNS, WS_FORM, actionOptions, resultOptions, siteCategoryOptions, whoisText, wsFieldLabel, wsRecordFieldOf, wsValueText } from './wsModel';

const { changedPayload: wsChangedPayload, editableFields: wsEditableFields, formValuesOf: wsFormValuesOf, savedFields: wsSavedFields } = WS_FORM;

const record: WsRecord = {
  id: 11,
  client_id: 3,
  no: 1,
  reportId: 5,
  searchEngine: 'Google',
  scanDate: '2026-03-01',
  searchKeyword: 'brand',
  pageDomain: 'fake-brand.example',
  pageURL: 'https://fake-brand.example/shop',
  domainRegion: 'US',
  tld: 'example',
  domainContact: 'abuse@registrar.example',
  categorizeDate: null,
  categoryId: null,
  remarks: '',
  redirectURL: '',
  whois: 'Domain Name: FAKE-BRAND.EXAMPLE\r\nRegistrar: Example  \r\n\r\n\r\n\r\nName Server: NS1.EXAMPLE\r\n\r\n',
  domainCreatedAt: '2025-01-02',
  domainExpireAt: '2027-01-02',
  domainUpdatedAt: null,
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
  updated_at: '2026-03-02T00:00:00Z',
};

const lookups = { locale: 'en' as const, trademarks: new Map([[7, 'TM-7']]), reports: new Map([[5, 'March sweep']]) };

describe('WS fields and values', () => {
  it('lists the contract fields as columns, defaults among them, labels in both languages', () => {
    expect(WS_COLUMN_KEYS).toEqual(WS_RECORD_FIELDS.map((f) => f.key));
    for (const key of WS_DEFAULT_COLUMNS) expect(WS_COLUMN_KEYS).toContain(key);
    expect(wsFieldLabel('categoryId', 'en')).toBe('Site category');
    expect(wsFieldLabel('categoryId', 'ja')).toBe('サイト分類');
    expect(wsFieldLabel('unknown', 'en')).toBe('unknown');
  });
  it('offers the eleven site categories, three actions and three results in the user language', () => {
    expect(siteCategoryOptions('en').map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(siteCategoryOptions('en')[10]).toEqual({ value: 11, label: 'Phishing' });
    expect(siteCategoryOptions('ja')[10]?.label).toBe('フィッシング');
    expect(actionOptions('ja').map((o) => o.label)).toEqual(['削除申請', '保留', '対応不要']);
    expect(resultOptions('en')).toHaveLength(3);
  });
  it('reads codes, ids and dates', () => {
    expect(wsValueText('categoryId', 11, lookups)).toBe('Phishing');
    expect(wsValueText('action', '1', lookups)).toBe('Takedown');
    expect(wsValueText('process2ResultId', 2, lookups)).toBe('Takedown (done)');
    expect(wsValueText('trademarkId', 7, lookups)).toBe('TM-7');
    expect(wsValueText('reportId', 5, lookups)).toBe('March sweep');
    expect(wsValueText('reportId', 6, lookups)).toBe('6');
    expect(wsValueText('scanDate', '2026-03-01T00:00:00Z', lookups)).toBe('2026-03-01');
    expect(wsValueText('categoryId', null, lookups)).toBe('');
    expect(wsValueText('categoryId', 99, lookups)).toBe('99');
  });
  it('names history fields by the record field whichever naming comes', () => {
    expect(wsRecordFieldOf('process1Result')).toBe('process1ResultId');
    expect(wsRecordFieldOf('process1ResultId')).toBe('process1ResultId');
    expect(wsRecordFieldOf('categoryId')).toBe('categoryId');
  });
});

describe('whois text', () => {
  it('unifies line ends, trims line ends and keeps one blank line between blocks', () => {
    expect(whoisText(record.whois)).toBe('Domain Name: FAKE-BRAND.EXAMPLE\nRegistrar: Example\n\nName Server: NS1.EXAMPLE');
  });
  it('is empty for nothing', () => {
    expect(whoisText('')).toBe('');
    expect(whoisText(null)).toBe('');
    expect(whoisText('\n \n')).toBe('');
  });
  it('keeps indentation', () => {
    expect(whoisText('Registrant:\n    Org: X')).toBe('Registrant:\n    Org: X');
  });
});

describe('the WS detail form', () => {
  it('covers every update field exactly once', () => {
    const all = [...STANDARD_DATE_FIELDS, ...STANDARD_NUMBER_FIELDS, ...STANDARD_TEXT_FIELDS].sort();
    expect(all).toEqual(Object.keys(WS_UPDATE_FIELDS).sort());
  });
  it('round-trips the saved record through the form', () => {
    expect(wsFormFields(wsFormValuesOf(record))).toEqual(wsSavedFields(record));
    expect(isEmptyUpdate(wsChangedPayload({ clientId: 3, record, values: wsFormValuesOf(record), analyst: true }))).toBe(true);
  });
  it('sends only what changed, in the payload names, and only what the role may change', () => {
    const values = {
      ...wsFormValuesOf(record),
      categoryId: 11,
      categorizeDate: dayjs('2026-03-05'),
      process1Result: 1,
      process1Date: dayjs('2026-03-06'),
      action: 1,
    };
    const analyst = wsChangedPayload({ clientId: 3, record, values, analyst: true });
    expect(analyst).toEqual({ clientId: 3, recordId: 11, categoryId: 11, categorizeDate: '2026-03-05', process1Result: 1, process1Date: '2026-03-06', action: 1 });
    expect(wsRecords.updateRecordInput.safeParse(analyst).success).toBe(true);
    const client = wsChangedPayload({ clientId: 3, record, values, analyst: false });
    expect(client).toEqual({ clientId: 3, recordId: 11, action: 1 });
    expect(wsEditableFields(false)).toEqual(['action', 'trademarkId', 'responseDate', 'responseRemarks']);
  });
  it('checks the save rule in the spec order with the site category as the category', () => {
    const base = wsSavedFields(record);
    expect(wsSaveProblem(base)?.key).toBe('validation.categorizeDateRequired');
    expect(wsSaveProblem({ ...base, categorizeDate: '2026-03-05' })?.key).toBe('validation.recordCategoryRequired');
    const categorized = { ...base, categorizeDate: '2026-03-05', categoryId: 11 };
    expect(wsSaveProblem(categorized)).toBeNull();
    expect(wsSaveProblem({ ...categorized, process1Result: 1 })).toEqual({ key: 'validation.roundIncomplete', params: { round: 1 } });
    expect(wsSaveProblem({ ...categorized, process2Result: 1, process2Date: '2026-03-06' })).toEqual({ key: 'validation.roundOrder', params: { round: 1 } });
  });
  it('finishes a step when its result and date are both filled', () => {
    const fields = { ...wsSavedFields(record), process1Result: 1, process1Date: '2026-03-06', processResult: 2 };
    expect(wsStepFinished(fields, 1)).toBe(true);
    expect(wsStepFinished(fields, 2)).toBe(false);
    expect(wsStepFinished(fields, 4)).toBe(false);
  });
});
