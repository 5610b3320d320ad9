import { ErrorCode, Role, type UploadProblem } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { HEADER_EN, HEADER_JA, listing, type Cell } from '../../kinds/ec/report-fixtures.js';

/**
 * Which sheet an upload reads: the one whose header matches the template, whatever its place or visibility; none
 * or several matching are refused naming the sheets (and, for none, what each lacks), in the user's language.
 */
let tp: TestPortal;
let clientId: number;
let analyst: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Sheet Choice Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
});
afterAll(async () => {
  await tp?.close();
});

const upload = (bytes: Buffer, locale: 'en' | 'ja' = 'en') => tp.upload('/api/ec-report/upload-report', { clientId }, { name: 'choice.xlsx', bytes }, { token: analyst.token, locale });

async function workbookOf(sheets: { name: string; rows: Cell[][]; hidden?: boolean }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name, { state: s.hidden ? 'hidden' : 'visible' });
    for (const row of s.rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const INSTRUCTIONS = { name: 'Instructions', rows: [['How to fill in this report'], ['One listing per row; dates as YYYY-MMDD.']] };
const LISTS = { name: 'Lists', hidden: true, rows: [['Amazon'], ['Rakuten']] };

describe('which sheet an upload reads', () => {
  it('reads the sheet whose header matches, after an instructions sheet and a hidden sheet of lists', async () => {
    const res = await upload(await workbookOf([INSTRUCTIONS, LISTS, { name: 'レポート', rows: [HEADER_JA, listing(1), listing(2)] }]));
    expect(res.body).toMatchObject({ code: 0, data: { count: 2 } });
    const titles = await tp.portal.services.db.selectFrom('ec_record').select('ec_product_title').where('report_id', '=', res.body.data?.reportId as number).orderBy('ec_id').execute();
    expect(titles.map((t) => t.ec_product_title)).toEqual(['Sakura Glow lotion 1', 'Sakura Glow lotion 2']);
  });

  it('names the sheets and what each lacks when none matches, writing nothing', async () => {
    const almost = { name: 'Data', rows: [[...HEADER_EN.filter((h) => h !== 'Listing URL'), 'Colour'], listing(3)] };
    const bytes = await workbookOf([INSTRUCTIONS, almost, { name: 'Empty', rows: [] }]);
    const en = await upload(bytes);
    expect(en.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: `No sheet of the workbook has the template's header row (sheets: "Instructions", "Data", "Empty"). What each sheet lacks is listed below.` });
    const problems = (en.body.data as { errors: UploadProblem[] }).errors.map((e) => `${e.sheet} ${e.row} ${e.column}: ${e.message}`);
    expect(problems).toEqual(expect.arrayContaining([
      `Instructions 1 How to fill in this report: is not a column of the template: correct the header or remove the column (the template's "How to fill" sheet lists the columns)`,
      'Instructions 1 Scan date: this required column is missing: add it to the header row (download the template for the exact header)',
      `Data 1 Colour: is not a column of the template: correct the header or remove the column (the template's "How to fill" sheet lists the columns)`,
      'Data 1 Listing URL: this required column is missing: add it to the header row (download the template for the exact header)',
      'Empty 0 : the sheet is empty',
    ]));
    expect(problems.some((p) => p.startsWith('Data') && p.includes('Scan date'))).toBe(false);
    const ja = await upload(bytes, 'ja');
    expect(ja.body.message).toBe('ブックのどのシートにもテンプレートのヘッダー行がありません（シート：「Instructions」、「Data」、「Empty」）。各シートに足りないものを以下に示します。');
    expect((ja.body.data as { errors: UploadProblem[] }).errors.map((e) => e.message)).toContain('シートが空です');
    expect(await tp.portal.services.db.selectFrom('ec_record').select('ec_id').where('ec_product_title', '=', 'Sakura Glow lotion 3').execute()).toEqual([]);
  });

  it('refuses a workbook where several sheets match, naming them', async () => {
    const bytes = await workbookOf([{ name: 'October', rows: [HEADER_EN, listing(4)] }, INSTRUCTIONS, { name: 'November', rows: [HEADER_JA, listing(5)] }]);
    expect((await upload(bytes)).body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'Several sheets have the template\'s header row: "October", "November". Please keep the report on one sheet, or delete the others.' });
    expect((await upload(bytes, 'ja')).body.message).toBe('テンプレートのヘッダー行を持つシートが複数あります：「October」、「November」。レポートを1つのシートにまとめるか、ほかのシートを削除してください。');
  });
});
