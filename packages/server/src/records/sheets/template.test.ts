import { ErrorCode, Role, translate } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { EC_SHEET } from '../../kinds/ec/check.js';
import { insertSubcategory } from '../../kinds/ec/fixtures.js';
import { exampleValues, isExampleRow } from './template-example.js';
import type { SheetRow } from './sheet.js';

/** Issue 16, point 3: the templates teach the format (a "How to fill" sheet) and carry an example row. */
let tp: TestPortal;
let clientId: number;
let analyst: TestUser;
let analystJa: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Sakura Cosmetics');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  analystJa = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
  await manage(tp, analystJa, clientId);
  await insertSubcategory(tp, 'CF-TPL', 2);
  await tp.post('/api/analyst/create-product-category', { clientId, name: '化粧品', nameEn: 'Cosmetics', code: 'COS' }, { token: analyst.token });
  await tp.post('/api/analyst/create-custom-column', { clientId, name: 'Lot', category: 2, position: 'ec_product_price', order: 1 }, { token: analyst.token });
});
afterAll(async () => {
  await tp?.close();
});

const KINDS = [
  { kind: 'ec', data: 'EC' },
  { kind: 'ws', data: 'WS' },
  { kind: 'sns', data: 'SNS' },
] as const;

async function template(kind: string, locale: 'en' | 'ja') {
  const res = await tp.get(`/api/${kind}-report/download-template?clientId=${clientId}`, { token: (locale === 'ja' ? analystJa : analyst).token });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
  return { book, bytes: res.bytes };
}
const rowsOf = (ws: ExcelJS.Worksheet) => {
  const out: string[][] = [];
  ws.eachRow((row) => out.push(Array.from({ length: ws.columnCount }, (_, i) => row.getCell(i + 1).value).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return out;
};
const upload = (kind: string, bytes: Buffer, locale: 'en' | 'ja' = 'en') =>
  tp.upload(`/api/${kind}-report/upload-report`, { clientId: String(clientId) }, { name: 'filled.xlsx', bytes }, { token: (locale === 'ja' ? analystJa : analyst).token, locale });

describe('the upload templates', () => {
  it('have the data sheet first and a "How to fill" sheet after it, in the user\'s language', async () => {
    for (const { kind, data } of KINDS) {
      for (const locale of ['en', 'ja'] as const) {
        const { book } = await template(kind, locale);
        expect(book.worksheets.map((w) => w.name), `${kind} ${locale}`).toEqual([data, locale === 'en' ? 'How to fill' : '記入方法']);
        const guide = rowsOf(book.worksheets[1]!);
        const header = guide.findIndex((r) => r[0] === (locale === 'en' ? 'Column' : '列'));
        expect(header).toBeGreaterThan(0);
        // One line per column of the data sheet, in its order.
        const dataHeader = rowsOf(book.worksheets[0]!)[0]!;
        expect(guide.slice(header + 1).map((r) => r[0])).toEqual(dataHeader);
      }
    }
  });

  it('say for each column whether it is required, its format and its allowed values, with the client\'s own codes', async () => {
    const { book } = await template('ec', 'en');
    const guide = rowsOf(book.getWorksheet('How to fill')!);
    const line = (column: string) => guide.find((r) => r[0] === column)!;
    expect(line('Scan date').slice(1, 3)).toEqual(['Required', 'Month as YYYY-MM (a date as YYYY-MMDD is also accepted)']);
    expect(line('Listing URL')[1]).toBe('Required');
    expect(line('Currency')[3]).toContain('USD, ');
    expect(line('Currency')[3]).toContain('JPY');
    expect(line('Infringement category')[3]).toContain('CF-TPL Sub CF-TPL');
    expect(line('Product type')[3]).toBe('COS Cosmetics');
    expect(line('Final result')[3]).toBe('1 in review, 2 takedown, 3 no action');
    expect(line('Lot').slice(1, 3)).toEqual(['Optional', 'Text, up to 2000 characters']);
    const ja = rowsOf((await template('ec', 'ja')).book.getWorksheet('記入方法')!);
    expect(ja.find((r) => r[0] === '調査日')?.slice(1, 3)).toEqual(['必須', '年月 YYYY-MM（日付 YYYY-MMDD も可）']);
    expect(ja.find((r) => r[0] === '商品カテゴリ')?.[3]).toBe('COS 化粧品');
    const sns = rowsOf((await template('sns', 'en')).book.getWorksheet('How to fill')!);
    expect(sns.find((r) => r[0] === 'Platform')?.[3]).toContain('1 ');
    expect(sns.find((r) => r[0] === 'Scan date')?.[2]).toBe('Date as YYYY-MMDD (YYYY-MM-DD is also accepted)');
  });

  it('carry an example row that an upload ignores while unchanged, and takes as data once changed', async () => {
    for (const { kind } of KINDS) {
      for (const locale of ['en', 'ja'] as const) {
        const { bytes } = await template(kind, locale);
        // Unchanged: the example alone is no record.
        const untouched = await upload(kind, bytes, locale);
        expect(untouched.body, `${kind} ${locale}`).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: translate(locale, 'error.uploadEmpty') });
        // The rest is the same in Japanese (the example is recognised in either language, see below).
        if (locale === 'ja') continue;

        const book = new ExcelJS.Workbook();
        await book.xlsx.load(bytes as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        const header = rowsOf(sheet)[0]!;
        const example = rowsOf(sheet)[1]!;
        // A record below the example: only it is uploaded.
        const record = example.map((v) => (v.startsWith('https://') ? `${v}/${kind}-${locale}-1` : v === '' ? null : v));
        sheet.addRow(record);
        const withRecord = await upload(kind, Buffer.from(await book.xlsx.writeBuffer()), locale);
        expect(withRecord.body, `${kind} ${locale}`).toMatchObject({ code: 0, data: { count: 1 } });
        // The example changed in one cell is a record like any other.
        const urlColumn = example.findIndex((v) => v.startsWith('https://'));
        sheet.getRow(2).getCell(urlColumn + 1).value = `${example[urlColumn]}/${kind}-${locale}-changed`;
        sheet.getRow(3).getCell(urlColumn + 1).value = `${example[urlColumn]}/${kind}-${locale}-2`;
        const changed = await upload(kind, Buffer.from(await book.xlsx.writeBuffer()), locale);
        expect(changed.body, `${kind} ${locale} ${header.join('|')}`).toMatchObject({ code: 0, data: { count: 2 } });
      }
    }
    // Twelve uploads, each through the upload worker: longer than one call on a busy machine.
  }, 120_000);
});

describe('the example row', () => {
  const rules = EC_SHEET.rules.filter((r) => r.kind !== 'id');
  const layout = { rules: rules.map((rule, index) => ({ index, rule })) };
  const rowOf = (values: Record<string, string>, extra: (string | null)[] = []): SheetRow => ({
    number: 2,
    cells: [...rules.map((r) => ({ value: values[r.key] ?? null, formula: false })), ...extra.map((value) => ({ value, formula: false }))],
  });

  it('is recognised in either language, exactly as written', () => {
    expect(isExampleRow(rowOf(exampleValues(EC_SHEET, 'en')), layout, EC_SHEET)).toBe(true);
    expect(isExampleRow(rowOf(exampleValues(EC_SHEET, 'ja')), layout, EC_SHEET)).toBe(true);
    expect(isExampleRow(rowOf({ ...exampleValues(EC_SHEET, 'en'), ec_product_price: '20' }), layout, EC_SHEET)).toBe(false);
    expect(isExampleRow(rowOf({ ...exampleValues(EC_SHEET, 'en'), ec_categorize_remarks: 'mine' }), layout, EC_SHEET)).toBe(false);
    // A value in a column the rules do not know (a custom column) makes it data.
    expect(isExampleRow(rowOf(exampleValues(EC_SHEET, 'en'), ['lot 7']), layout, EC_SHEET)).toBe(false);
    expect(isExampleRow(rowOf({}), layout, EC_SHEET)).toBe(false);
  });
});
