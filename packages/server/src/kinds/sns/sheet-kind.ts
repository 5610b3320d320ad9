import { SNS_CATEGORIES, SNS_PLATFORMS, SNS_RECORD_FIELDS, type SnsRecordField } from '@portal/contract';
import { categoryColumnRules, fieldColumnsOf, RESPONSE_ROUND_RULES } from '../../records/upload/categorized.js';
import type { ColumnRule, SheetColumns } from '../../records/sheets/columns.js';
import { ACCOUNT_REASONS, listMatchers, loadListUrls, type ListUrls } from '../../records/upload/list-matching.js';
import type { TemplateKind } from '../../records/sheets/template.js';
import type { CheckKind } from '../../records/upload/upload-check.js';
import { trademarkLookups, type UploadKind } from '../../records/upload/upload.js';
import { packRows, sheetFieldColumns, type PackColumn, type PackedRows } from '../../records/upload/packed-rows.js';
import { insertRows, type RecordTable } from '../../records/upload/write-queries.js';
import { SNS_FIELDS } from './fields.js';

/**
 * Social media (SNS) report sheets on the engine's upload: the cell rules, the tables and the insert. A new upload
 * must have the platform, the scan date, the account URL and the post URL (which account posted what, where and
 * when it was found); the platform and the SNS category are given as their number or English or Japanese name,
 * the account id with or without its @ (stored without).
 * Each new record is matched against the client's black and white lists (account name as a listed seller, account
 * id as a seller id, account and post URLs as listed URLs); the reasons are kept in `blacklist` and `whitelist`.
 * No custom columns or repeat flags for social media.
 */
export const SNS_COLUMN_RULES: ColumnRule<SnsRecordField>[] = [
  { key: 'id', kind: 'id' },
  { key: 'no', kind: 'int', scraped: true },
  { key: 'platform', kind: 'named', names: SNS_PLATFORMS, required: true, scraped: true },
  { key: 'scanDate', kind: 'date', required: true, scraped: true },
  { key: 'searchKeyword', kind: 'text', max: 500, scraped: true },
  { key: 'accountName', kind: 'text', max: 500, scraped: true },
  { key: 'accountId', kind: 'handle', max: 500, scraped: true },
  { key: 'accountURL', kind: 'url', required: true, max: 2000, scraped: true },
  { key: 'followers', kind: 'int', scraped: true },
  { key: 'postURL', kind: 'url', required: true, max: 2000, scraped: true },
  { key: 'postText', kind: 'text', max: 20000, scraped: true },
  { key: 'postedAt', kind: 'date', scraped: true },
  { key: 'region', kind: 'text', max: 100, scraped: true },
  { key: 'imageURL', kind: 'url', max: 2000, scraped: true },
  ...categoryColumnRules(SNS_CATEGORIES),
  ...RESPONSE_ROUND_RULES,
];

export const SNS_SHEET: SheetColumns = { fields: SNS_RECORD_FIELDS, rules: SNS_COLUMN_RULES };

/** The sheet's fields with their columns: every rule but the id. */
const FIELD_COLUMNS = fieldColumnsOf(SNS_COLUMN_RULES, SNS_FIELDS);
export const SNS_TABLE: RecordTable = { table: 'sns_record', historyTable: 'sns_record_history', idColumn: 'sns_id', fields: FIELD_COLUMNS, customInfo: false };

/** A checked row of a new upload with the reasons it matched the client's lists ('' when it did not). */
export interface SnsNewRecord {
  values: Record<string, string | number | null>;
  blacklist: string;
  whitelist: string;
}

const PACKED_COLUMNS: PackColumn<SnsNewRecord>[] = [
  ...sheetFieldColumns(FIELD_COLUMNS, (r: SnsNewRecord) => r.values),
  ['blacklist', 'text', (r) => r.blacklist],
  ['whitelist', 'text', (r) => r.whitelist],
];

/** The checking side, run in the upload worker: the lists' matchers are built from the client's special URLs. */
export const SNS_CHECK: CheckKind<SnsNewRecord, PackedRows> = {
  sheet: SNS_SHEET,
  idKey: 'id',
  required: ['platform', 'scanDate', 'accountURL', 'postURL'],
  prepare(data) {
    const matchLists = listMatchers(data as ListUrls, ACCOUNT_REASONS);
    return (values) => {
      const str = (k: SnsRecordField) => (values[k] === null || values[k] === undefined ? '' : String(values[k]));
      const found = { names: [str('accountName')], ids: [str('accountId')], urls: [str('accountURL'), str('postURL')] };
      return { values, ...matchLists(found) };
    };
  },
  pack: (rows) => packRows(PACKED_COLUMNS, rows),
  commonCategory: () => null,
};

export const SNS_UPLOAD: UploadKind<PackedRows> = {
  check: { module: import.meta.url, name: 'SNS_CHECK' },
  table: SNS_TABLE,
  reportTable: 'sns_report',
  loadLookups: trademarkLookups,
  customColumnNames: () => Promise.resolve([]),
  loadPrepareData: loadListUrls,
  async insert(db, at, batch) {
    await insertRows(db, SNS_TABLE, batch, [], [
      ['client_id', 'int', at.clientId],
      ['report_id', 'int', at.reportId],
      ['updated_at', 'timestamptz', at.now.toISOString()],
    ]);
  },
};

export const SNS_TEMPLATE: TemplateKind = { sheet: SNS_SHEET, customColumns: false, sheetName: 'SNS', fileName: 'sns-report-template.xlsx' };
