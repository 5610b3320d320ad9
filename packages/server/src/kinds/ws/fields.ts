import type { WS_DATE_FIELDS, WS_WORD_FIELDS, WsRecord, WsRecordField } from '@portal/contract';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { WsRecordTable } from '../../platform/schema.js';
import { RECORD_ID_TEXT, RECORD_NO_TEXT } from './queries.js';
import { CATEGORY_FIELDS, presentCategory, presentResponseRounds, RESPONSE_ROUND_FIELDS } from '../../records/upload/categorized.js';
import type { Field, FieldKind, ListKind } from '../../records/core/kind.js';

/** Website (WS) records as the record engine lists them: fields by answer name, columns, presenter (WS_KIND, ./kind.ts). */

export type WsRow = Selectable<WsRecordTable>;
type Column = keyof WsRow & string;
const f = (column: Column, kind: FieldKind): Field => ({ column, kind });

/** Every record field by its answer name (the whitelist of filters, sort and search). */
export const WS_FIELDS = {
  id: f('ws_id', 'int'),
  no: f('ws_no', 'int'),
  reportId: f('report_id', 'int'),
  searchEngine: f('search_engine', 'text'),
  scanDate: f('scan_date', 'date'),
  searchKeyword: f('search_keyword', 'text'),
  pageDomain: f('page_domain', 'text'),
  pageURL: f('page_url', 'text'),
  domainRegion: f('domain_region', 'text'),
  tld: f('tld', 'text'),
  domainContact: f('domain_contact', 'text'),
  ...CATEGORY_FIELDS,
  redirectURL: f('redirect_url', 'text'),
  whois: f('whois', 'text'),
  domainCreatedAt: f('domain_created_at', 'date'),
  domainExpireAt: f('domain_expire_at', 'date'),
  domainUpdatedAt: f('domain_updated_at', 'date'),
  ...RESPONSE_ROUND_FIELDS,
} as const satisfies Record<WsRecordField, Field>;

const c = (name: WsRecordField) => sql.ref(`r.${WS_FIELDS[name].column}`);

const WORD_COLUMNS = {
  id: RECORD_ID_TEXT,
  no: RECORD_NO_TEXT,
  pageURL: c('pageURL'),
  pageDomain: c('pageDomain'),
  searchKeyword: c('searchKeyword'),
  redirectURL: c('redirectURL'),
  domainContact: c('domainContact'),
  remarks: c('remarks'),
  responseRemarks: c('responseRemarks'),
  processRemarks: c('processRemarks'),
} satisfies Record<(typeof WS_WORD_FIELDS)[number], RawBuilder<unknown>>;

const DATE_COLUMNS = Object.fromEntries(
  (['scanDate', 'categorizeDate', 'responseDate', 'domainCreatedAt', 'domainExpireAt', 'domainUpdatedAt', 'process1Date', 'process1ConfirmDate', 'process2Date', 'process2ConfirmDate', 'process3Date', 'process3ConfirmDate', 'processConfirmDate'] as const).map((n) => [n, c(n)]),
) as Record<(typeof WS_DATE_FIELDS)[number], RawBuilder<unknown>>;

export function present(r: WsRow): WsRecord {
  return {
    id: r.ws_id,
    client_id: r.client_id,
    no: r.ws_no,
    reportId: r.report_id,
    searchEngine: r.search_engine,
    scanDate: r.scan_date,
    searchKeyword: r.search_keyword,
    pageDomain: r.page_domain,
    pageURL: r.page_url,
    domainRegion: r.domain_region,
    tld: r.tld,
    domainContact: r.domain_contact,
    ...presentCategory(r),
    redirectURL: r.redirect_url,
    whois: r.whois,
    domainCreatedAt: r.domain_created_at,
    domainExpireAt: r.domain_expire_at,
    domainUpdatedAt: r.domain_updated_at,
    ...presentResponseRounds(r),
  };
}

export const WS_LIST: ListKind<WsRow, WsRecord> = {
  topic: 'ws-records',
  table: 'ws_record',
  historyTable: 'ws_record_history',
  reportTable: 'ws_report',
  idColumn: 'ws_id',
  idField: 'id',
  scanField: 'scanDate',
  fields: WS_FIELDS,
  words: WORD_COLUMNS,
  dates: DATE_COLUMNS,
  present,
  columnsColumn: 'ws_columns',
  listPath: '/ws-list',
  detailPath: (clientId, recordId) => `/ws-data/${clientId}/${recordId}`,
  sortAs: {},
  derived: {},
  hintFields: [],

};
