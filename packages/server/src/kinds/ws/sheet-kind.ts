import { WS_RECORD_FIELDS, WS_SITE_CATEGORIES, type WsRecordField } from '@portal/contract';
import { categoryColumnRules, fieldColumnsOf, RESPONSE_ROUND_RULES } from '../../records/upload/categorized.js';
import type { ColumnRule, SheetColumns } from '../../records/sheets/columns.js';
import type { TemplateKind } from '../../records/sheets/template.js';
import type { CheckKind } from '../../records/upload/upload-check.js';
import { trademarkLookups, type UploadKind } from '../../records/upload/upload.js';
import { packRows, sheetFieldColumns, type PackedRows } from '../../records/upload/packed-rows.js';
import { insertRows, type RecordTable } from '../../records/upload/write-queries.js';
import { WS_FIELDS } from './fields.js';

/**
 * Website (WS) report sheets on the engine's upload (document 1, "WS report tab"; document 3, website record
 * fields): the cell rules, the tables and the insert. Required in a new upload: the scan date, the page domain and
 * the page URL (what identifies the site found and when); the search engine and keyword are optional, as a
 * website scan may come from a domain watch rather than a search. There are no custom columns, matching hints or
 * repeat flags for websites.
 */
export const WS_COLUMN_RULES: ColumnRule<WsRecordField>[] = [
  { key: 'id', kind: 'id' },
  { key: 'no', kind: 'int', scraped: true },
  { key: 'searchEngine', kind: 'text', max: 200, scraped: true },
  { key: 'scanDate', kind: 'date', required: true, scraped: true },
  { key: 'searchKeyword', kind: 'text', max: 500, scraped: true },
  { key: 'pageDomain', kind: 'text', required: true, max: 500, scraped: true },
  { key: 'pageURL', kind: 'url', required: true, max: 2000, scraped: true },
  { key: 'domainRegion', kind: 'text', max: 100, scraped: true },
  { key: 'tld', kind: 'text', max: 100, scraped: true },
  { key: 'domainContact', kind: 'text', max: 2000, scraped: true },
  { key: 'redirectURL', kind: 'url', max: 2000, scraped: true },
  { key: 'whois', kind: 'text', max: 20000, scraped: true },
  { key: 'domainCreatedAt', kind: 'date', scraped: true },
  { key: 'domainExpireAt', kind: 'date', scraped: true },
  { key: 'domainUpdatedAt', kind: 'date', scraped: true },
  ...categoryColumnRules(WS_SITE_CATEGORIES),
  ...RESPONSE_ROUND_RULES,
];

export const WS_SHEET: SheetColumns = { fields: WS_RECORD_FIELDS, rules: WS_COLUMN_RULES };

/** The sheet's fields with their columns: every rule but the id. */
const FIELD_COLUMNS = fieldColumnsOf(WS_COLUMN_RULES, WS_FIELDS);
export const WS_TABLE: RecordTable = { table: 'ws_record', historyTable: 'ws_record_history', idColumn: 'ws_id', fields: FIELD_COLUMNS, customInfo: false };

type Values = Record<string, string | number | null>;
const PACKED_COLUMNS = sheetFieldColumns(FIELD_COLUMNS, (values: Values) => values);

/** The checking side, run in the upload worker: a checked row is inserted as it is. */
export const WS_CHECK: CheckKind<Values, PackedRows> = {
  sheet: WS_SHEET,
  idKey: 'id',
  required: ['scanDate', 'pageDomain', 'pageURL'],
  prepare: () => (values) => values,
  pack: (rows) => packRows(PACKED_COLUMNS, rows),
  commonCategory: () => null,
};

export const WS_UPLOAD: UploadKind<PackedRows> = {
  check: { module: import.meta.url, name: 'WS_CHECK' },
  table: WS_TABLE,
  reportTable: 'ws_report',
  loadLookups: trademarkLookups,
  customColumnNames: () => Promise.resolve([]),
  loadPrepareData: () => Promise.resolve(null),
  async insert(db, at, batch) {
    await insertRows(db, WS_TABLE, batch, [], [
      ['client_id', 'int', at.clientId],
      ['report_id', 'int', at.reportId],
      ['updated_at', 'timestamptz', at.now.toISOString()],
    ]);
  },
};

export const WS_TEMPLATE: TemplateKind = { sheet: WS_SHEET, customColumns: false, sheetName: 'WS', fileName: 'ws-report-template.xlsx' };
