import { describe, expect, it, vi } from 'vitest';
import { masters } from '@portal/contract';
import { columnOf, payloadOf, problemOf } from './editablePayload';

// api.ts starts i18n; formError only needs its errorMessage.
vi.mock('../platform/api', () => ({ errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)) }));

const modelColumns = [
  { dataIndex: 'model_name', param: 'brandModelName', title: 'Model' },
  { dataIndex: 'model_price', param: 'brandModelPrice', title: 'Price' },
];

describe('editable table payloads', () => {
  it('sends each column under its param, after the context', () => {
    const payload = payloadOf(modelColumns, { clientId: 3, brandId: 7 }, { model_name: ' X-100 ', model_price: 12.5, other: 1 });
    expect(payload).toEqual({ clientId: 3, brandId: 7, brandModelName: ' X-100 ', brandModelPrice: 12.5 });
    const parsed = masters.createModelInput.safeParse(payload);
    expect(parsed.success && parsed.data).toEqual({ clientId: 3, brandId: 7, brandModelName: 'X-100', brandModelPrice: 12.5 });
  });

  it("shows the contract's required message of the first missing field", () => {
    const parsed = masters.createModelInput.safeParse(payloadOf(modelColumns, { clientId: 3, brandId: 7 }, { model_price: null }));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const problem = problemOf(parsed.error.issues);
    expect(problem).toMatchObject({ key: 'validation.modelRequired', param: 'brandModelName' });
    expect(columnOf(modelColumns, problem)?.title).toBe('Model');
  });

  it('names the column of a length problem for {{field}}', () => {
    const columns = [{ dataIndex: 'brand_name', param: 'brand', title: 'Brand name' }];
    const parsed = masters.createBrandInput.safeParse(payloadOf(columns, { clientId: 1 }, { brand_name: 'b'.repeat(101) }));
    if (parsed.success) throw new Error('a 101-character brand passed');
    const problem = problemOf(parsed.error.issues);
    expect(problem).toMatchObject({ key: 'validation.tooLong', params: { maximum: 100 } });
    expect(columnOf(columns, problem)?.title).toBe('Brand name');
  });

  it('sends the row id under the update schema', () => {
    const columns = [{ dataIndex: 'word', title: 'Wording' }];
    const parsed = masters.updateWordInput.safeParse({ ...payloadOf(columns, { clientId: 1, type: 1 }, { word: 'compatible' }), wordId: 4 });
    expect(parsed.success && parsed.data).toEqual({ clientId: 1, wordId: 4, word: 'compatible' });
  });

  it('a URL row needs a URL, a seller or a seller id', () => {
    const columns = ['url', 'seller', 'sellerId', 'company', 'remarks'].map((dataIndex) => ({ dataIndex, title: dataIndex }));
    const empty = masters.createUrlInput.safeParse(payloadOf(columns, { clientId: 1, type: 2 }, { company: 'ACME' }));
    expect(!empty.success && problemOf(empty.error.issues)).toMatchObject({ key: 'validation.urlOrSellerRequired', param: 'url' });
    const seller = masters.createUrlInput.safeParse(payloadOf(columns, { clientId: 1, type: 2 }, { seller: 'shady-shop' }));
    expect(seller.success && seller.data).toMatchObject({ url: '', seller: 'shady-shop', type: 2 });
  });

  it('attorney letters: dates as the form keeps them, the end not before the start', () => {
    const columns = ['region', 'startDate', 'endDate', 'remindFlag'].map((dataIndex) => ({ dataIndex, title: dataIndex }));
    const ok = masters.createLetterInput.safeParse(payloadOf(columns, { clientId: 1 }, { region: 'CN', startDate: '2026-01-01', endDate: '2026-12-31' }));
    expect(ok.success && ok.data).toEqual({ clientId: 1, region: 'CN', startDate: '2026-01-01', endDate: '2026-12-31', remindFlag: false });
    const cleared = masters.createLetterInput.safeParse(payloadOf(columns, { clientId: 1 }, { region: 'CN', startDate: '', endDate: '2026-12-31' }));
    expect(!cleared.success && problemOf(cleared.error.issues)).toMatchObject({ key: 'validation.letterStartRequired' });
    const reversed = masters.createLetterInput.safeParse(payloadOf(columns, { clientId: 1 }, { region: 'CN', startDate: '2026-12-31', endDate: '2026-01-01' }));
    expect(!reversed.success && problemOf(reversed.error.issues)).toMatchObject({ key: 'validation.endBeforeStart', param: 'endDate' });
  });
});
