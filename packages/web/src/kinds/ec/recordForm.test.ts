import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ecRecords, messages, recordErrors, type EcRecord } from '@portal/contract';
import { isEmptyUpdate } from '../../records/kind';
import { changedPayload, formFields, formValuesOf, mergedCustomInfo, saveProblem, savedFields, stepFinished, type RecordFields } from './recordForm';

function record(change: Partial<EcRecord> = {}): EcRecord {
  return {
    ec_id: 5,
    client_id: 2,
    report_id: 1,
    ec_no: 1,
    ec_site: 'Amazon',
    ec_scan_date: '2025-04-01',
    ec_search_keyword: '',
    ec_product_no: '',
    ec_product_title: 'Bag',
    ec_product_url: 'https://example.com/item',
    ec_product_brand: '',
    ec_product_seller: '',
    ec_product_seller_url: '',
    ec_product_price: 10,
    ec_product_currency: 'USD',
    ec_product_image_url: '',
    ec_product_onsell_count: null,
    ec_product_sold_count: null,
    ec_product_region: '',
    ec_product_city: '',
    ec_categorize_date: null,
    ec_blacklist_object: '',
    ec_whitelist_object: '',
    ec_is_need_to_check: false,
    ec_title_hint_word: '',
    ec_brand_hint_word: '',
    ec_product_category_id: null,
    ec_category_rule_id: null,
    ec_category_id: null,
    ec_category_common_type_id: null,
    ec_categorize_remarks: '',
    ec_response_action: null,
    ec_response_reason: '',
    ec_response_trademark: null,
    ec_response_remarks: '',
    ec_response_date: null,
    ec_process1_date: null,
    ec_process1_result: null,
    ec_process1_confirm_date: null,
    ec_process2_date: null,
    ec_process2_result: null,
    ec_process2_confirm_date: null,
    ec_process3_date: null,
    ec_process3_result: null,
    ec_process3_confirm_date: null,
    declarationStatus: '',
    ec_process_result: null,
    ec_process_confirm_date: null,
    ec_process_remarks: '',
    custom_info: '{}',
    ec_upload_image_names: '',
    is_error: false,
    is_repeat: false,
    published: true,
    updated_at: '2025-04-02T00:00:00Z',
    ec_field_sources: null,
    ...change,
  };
}

const base = { ...savedFields(record()), categorizeDate: '2025-04-10', categoryId: 3 } satisfies RecordFields;
const key = (fields: Partial<RecordFields>) => saveProblem({ ...base, ...fields });

describe('the browser check of a record save (document 3, section 5), in its order', () => {
  it('accepts a categorized record with consistent rounds', () => {
    expect(key({})).toBeNull();
    expect(key({ process1Result: 2, process1Date: '2025-04-11', processResult: 2, processConfirmDate: '2025-04-20' })).toBeNull();
  });

  it('1. the categorize date comes first, even when everything else is wrong too', () => {
    expect(key({ categorizeDate: null, categoryId: null, process2Result: 1 })).toEqual({ key: 'validation.categorizeDateRequired' });
  });

  it('2. then the subcategory', () => {
    expect(key({ categoryId: null, process2Result: 1 })).toEqual({ key: 'validation.recordCategoryRequired' });
  });

  it('3. then each round, result and date together, round by round', () => {
    expect(key({ process1Result: 1 })).toEqual({ key: 'validation.roundIncomplete', params: { round: 1 } });
    expect(key({ process1Date: '2025-04-11' })).toEqual({ key: 'validation.roundIncomplete', params: { round: 1 } });
    // Round 3 incomplete is reported before the missing round 2 (rule 3 before rule 4).
    expect(key({ process1Result: 1, process1Date: '2025-04-11', process3Result: 2 })).toEqual({ key: 'validation.roundIncomplete', params: { round: 3 } });
  });

  it('4. then the order of the rounds', () => {
    expect(key({ process2Result: 1, process2Date: '2025-04-12' })).toEqual({ key: 'validation.roundOrder', params: { round: 1 } });
    expect(key({ process1Result: 1, process1Date: '2025-04-11', process3Result: 1, process3Date: '2025-04-13' })).toEqual({ key: 'validation.roundOrder', params: { round: 2 } });
  });

  it('5. then the final result and its confirm date together', () => {
    const round = { process1Result: 2, process1Date: '2025-04-11' };
    expect(key({ ...round, processResult: 2 })).toEqual({ key: 'validation.finalIncomplete' });
    expect(key({ ...round, processConfirmDate: '2025-04-20' })).toEqual({ key: 'validation.finalIncomplete' });
    // Incomplete final before "no round" (rule 5 before rule 6).
    expect(key({ processResult: 2 })).toEqual({ key: 'validation.finalIncomplete' });
  });

  it('6. last, a final result needs a round', () => {
    expect(key({ processResult: 3, processConfirmDate: '2025-04-20' })).toEqual({ key: 'validation.finalWithoutRound' });
  });

  it('uses message keys the contract translates, with the round as {{round}}', () => {
    for (const k of ['categorizeDateRequired', 'recordCategoryRequired', 'roundIncomplete', 'roundOrder', 'finalIncomplete', 'finalWithoutRound']) {
      expect(messages.en[`validation.${k}` as keyof typeof messages.en]).toBeTruthy();
      expect(messages.ja[`validation.${k}` as keyof typeof messages.ja]).toBeTruthy();
    }
  });

  it("agrees with the contract's error-row rule on rounds 4 to 6 (a consistent record passes both)", () => {
    const saved = record({ ec_categorize_date: '2025-04-10', ec_category_id: 3, ec_process1_result: 1, ec_process1_date: '2025-04-11', ec_process_result: 2, ec_process_confirm_date: '2025-04-20' });
    expect(recordErrors(saved)).toBe(false);
    expect(saveProblem(savedFields(saved))).toBeNull();
    const broken = record({ ec_categorize_date: '2025-04-10', ec_category_id: 3, ec_process2_result: 1, ec_process2_date: '2025-04-11' });
    expect(recordErrors(broken)).toBe(true);
    expect(saveProblem(savedFields(broken))).not.toBeNull();
  });
});

describe('the update payload', () => {
  it('sends nothing but the ids when nothing changed', () => {
    const saved = record({ ec_categorize_date: '2025-04-10T00:00:00.000Z', ec_category_id: 3, custom_info: '{"Memo":"a"}' });
    const payload = changedPayload({ clientId: 2, record: saved, values: formValuesOf(saved, ['Memo', 'Other']), analyst: true });
    expect(payload).toEqual({ clientId: 2, recordId: 5 });
    expect(isEmptyUpdate(payload)).toBe(true);
  });

  it('sends the changed fields only, dates as YYYY-MM-DD, cleared values as null', () => {
    const saved = record({ ec_categorize_date: '2025-04-10', ec_category_id: 3, ec_categorize_remarks: 'old', ec_response_action: 1 });
    const values = {
      ...formValuesOf(saved, []),
      categorizeDate: dayjs('2025-05-01'),
      categoryRemarks: 'new',
      process1Result: 2,
      process1Date: dayjs('2025-05-02'),
      action: undefined,
    };
    const payload = changedPayload({ clientId: 2, record: saved, values, analyst: true });
    expect(payload).toEqual({ clientId: 2, recordId: 5, categorizeDate: '2025-05-01', categoryRemarks: 'new', process1Result: 2, process1Date: '2025-05-02', action: null });
    expect(ecRecords.updateRecordInput.safeParse(payload).success).toBe(true);
  });

  it('a client user sends the response fields only, whatever else the form holds', () => {
    const saved = record();
    const values = { ...formValuesOf(saved, ['Memo']), categoryId: 9, processRemarks: 'x', custom: { Memo: 'y' }, action: 3, reason: 'Fake', trademarkId: 4, responseDate: dayjs('2025-06-01'), responseRemarks: 'ok' };
    const payload = changedPayload({ clientId: 2, record: saved, values, analyst: false });
    expect(payload).toEqual({ clientId: 2, recordId: 5, action: 3, reason: 'Fake', trademarkId: 4, responseDate: '2025-06-01', responseRemarks: 'ok' });
  });

  it('merges custom column values into the saved custom_info, keeping the other keys', () => {
    const saved = record({ custom_info: '{"Memo":"a","Removed column":"kept"}' });
    const values = { ...formValuesOf(saved, ['Memo', 'New']), custom: { Memo: 'b', New: '' } };
    const payload = changedPayload({ clientId: 2, record: saved, values, analyst: true });
    expect(payload).toEqual({ clientId: 2, recordId: 5, customInfo: JSON.stringify({ Memo: 'b', 'Removed column': 'kept' }) });
    expect(mergedCustomInfo('{"Memo":"a"}', { Memo: 'a', New: '' })).toBe('{"Memo":"a"}');
  });

  it('reads a form whose selects were cleared (undefined) as nulls', () => {
    const fields = formFields({ categoryId: undefined, categorizeDate: null }, record());
    expect(fields.categoryId).toBeNull();
    expect(fields.categorizeDate).toBeNull();
  });
});

describe('report steps', () => {
  it('are finished when result and date are both filled', () => {
    expect(stepFinished({ process1Result: 1, process1Date: '2025-01-01' }, 1)).toBe(true);
    expect(stepFinished({ process1Result: 1, process1Date: null }, 1)).toBe(false);
    expect(stepFinished({ processResult: 2, processConfirmDate: '2025-01-01' }, 4)).toBe(true);
    expect(stepFinished({ processResult: 2, processConfirmDate: null }, 4)).toBe(false);
  });
});
