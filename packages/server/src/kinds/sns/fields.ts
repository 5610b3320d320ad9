import type { Locale, SNS_DATE_FIELDS, SNS_WORD_FIELDS, SnsRecord, SnsRecordField } from '@portal/contract';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { SnsRecordTable } from '../../platform/schema.js';
import { RECORD_ID_TEXT, RECORD_NO_TEXT } from './queries.js';
import { CATEGORY_FIELDS, presentCategory, presentResponseRounds, RESPONSE_ROUND_FIELDS } from '../../records/upload/categorized.js';
import type { Field, FieldKind, ListKind } from '../../records/core/kind.js';
import { SNS_SIGNALS } from '../../areas/triage-signals/derived.js';
import { localizeHints } from '../../records/core/hint-text.js';

/** Social media (SNS) records as the record engine lists them: fields by answer name, columns, presenter (SNS_KIND, ./kind.ts). */
export type SnsRow = Selectable<SnsRecordTable>;
type Column = keyof SnsRow & string;
const f = (column: Column, kind: FieldKind): Field => ({ column, kind });

/** Every record field by its answer name (the whitelist of filters, sort and search). */
export const SNS_FIELDS = {
  id: f('sns_id', 'int'),
  no: f('sns_no', 'int'),
  reportId: f('report_id', 'int'),
  platform: f('platform', 'int'),
  scanDate: f('scan_date', 'date'),
  searchKeyword: f('search_keyword', 'text'),
  accountName: f('account_name', 'text'),
  accountId: f('account_id', 'text'),
  accountURL: f('account_url', 'text'),
  followers: f('followers', 'int'),
  postURL: f('post_url', 'text'),
  postText: f('post_text', 'text'),
  postedAt: f('posted_at', 'date'),
  region: f('region', 'text'),
  imageURL: f('image_url', 'text'),
  blacklist: f('blacklist', 'text'),
  whitelist: f('whitelist', 'text'),
  ...CATEGORY_FIELDS,
  ...RESPONSE_ROUND_FIELDS,
} as const satisfies Record<SnsRecordField, Field>;

const c = (name: SnsRecordField) => sql.ref(`r.${SNS_FIELDS[name].column}`);

/** The search bar's fields: ids and numbers match their digits as text. */
const WORD_COLUMNS = {
  id: RECORD_ID_TEXT,
  no: RECORD_NO_TEXT,
  accountName: c('accountName'),
  accountId: c('accountId'),
  accountURL: c('accountURL'),
  postURL: c('postURL'),
  postText: c('postText'),
  searchKeyword: c('searchKeyword'),
  remarks: c('remarks'),
  responseRemarks: c('responseRemarks'),
  processRemarks: c('processRemarks'),
} satisfies Record<(typeof SNS_WORD_FIELDS)[number], RawBuilder<unknown>>;

const DATE_COLUMNS = {
  scanDate: c('scanDate'),
  postedAt: c('postedAt'),
  categorizeDate: c('categorizeDate'),
  responseDate: c('responseDate'),
  process1Date: c('process1Date'),
  process1ConfirmDate: c('process1ConfirmDate'),
  process2Date: c('process2Date'),
  process2ConfirmDate: c('process2ConfirmDate'),
  process3Date: c('process3Date'),
  process3ConfirmDate: c('process3ConfirmDate'),
  processConfirmDate: c('processConfirmDate'),
} satisfies Record<(typeof SNS_DATE_FIELDS)[number], RawBuilder<unknown>>;

/** A record as the calls answer it; the stored list reasons in the reader's language. */
export function present(r: SnsRow, locale: Locale = 'en'): SnsRecord {
  return {
    id: r.sns_id,
    client_id: r.client_id,
    no: r.sns_no,
    reportId: r.report_id,
    platform: r.platform,
    scanDate: r.scan_date,
    searchKeyword: r.search_keyword,
    accountName: r.account_name,
    accountId: r.account_id,
    accountURL: r.account_url,
    followers: r.followers,
    postURL: r.post_url,
    postText: r.post_text,
    postedAt: r.posted_at,
    region: r.region,
    imageURL: r.image_url,
    blacklist: localizeHints(r.blacklist, locale),
    whitelist: localizeHints(r.whitelist, locale),
    ...presentCategory(r),
    ...presentResponseRounds(r),
  };
}

export const SNS_LIST: ListKind<SnsRow, SnsRecord> = {
  topic: 'sns-records',
  table: 'sns_record',
  historyTable: 'sns_record_history',
  reportTable: 'sns_report',
  idColumn: 'sns_id',
  idField: 'id',
  scanField: 'scanDate',
  fields: SNS_FIELDS,
  words: WORD_COLUMNS,
  dates: DATE_COLUMNS,
  present,
  columnsColumn: 'sns_columns',
  listPath: '/sns-list',
  detailPath: (clientId, recordId) => `/sns-data/${clientId}/${recordId}`,
  sortAs: {},
  // The triage signals (issue 19): the repeat-offender flag.
  derived: SNS_SIGNALS,
  hintFields: ['blacklist', 'whitelist'],

};
