import type { CallPath } from '@portal/contract';
import { COUNTRY_CODES } from '@portal/contract/code-lists';
import { fail } from '../../platform/errors.js';
import { masterTable } from '../../platform/master.js';

/**
 * The simple master lists of a client: for each, its table, how a payload becomes a row, and how a row is
 * presented. calls.ts registers the fetch, create, update and remove call of each from this one description.
 */
export interface ListKind<R extends Record<string, unknown>> {
  paths: { fetch: CallPath; create: CallPath; update: CallPath; remove: CallPath };
  table: ReturnType<typeof masterTable<R>>;
  /** The payload field naming a row on update and remove. */
  idField: string;
  /** The key of the answer's collection. */
  listKey: string;
  /** Columns a payload may narrow the list by (e.g. the url list's type), also enforced on update and remove. */
  scopeFields?: Record<string, string>;
  toRow(input: Record<string, unknown>): Record<string, unknown>;
  present(row: R): Record<string, unknown>;
  /** Checks the payload needs beyond its schema (throws a catalogue error). */
  check?(input: Record<string, unknown>): void;
  /** Who may read: the record screens read some lists, so their own client users may too. */
  readByClients: boolean;
}

type ProductCategoryRow = { id: number; name: string; name_en: string; code: string };
type CustomColumnRow = { column_id: number; column_name: string; column_category: number; column_position: string; column_order: number };
type SpecialUrlRow = { id: number; type: number; url: string; seller: string; seller_id: string; company: string; remarks: string };
type SpecialWordRow = { id: number; type: number; word: string };
type AttorneyLetterRow = { id: number; region: string; start_date: string; end_date: string; remind_flag: boolean };

const str = (v: unknown) => String(v);

export const productCategories: ListKind<ProductCategoryRow> = {
  paths: {
    fetch: '/api/analyst/fetch-product-categories',
    create: '/api/analyst/create-product-category',
    update: '/api/analyst/update-product-category',
    remove: '/api/analyst/remove-product-category',
  },
  table: masterTable<ProductCategoryRow>('product_category', 'id'),
  idField: 'categoryId',
  listKey: 'categories',
  toRow: (i) => ({ name: i.name, name_en: i.nameEn, code: i.code }),
  present: (r) => ({ id: r.id, name: r.name, name_en: r.name_en, code: r.code }),
  readByClients: true,
};

export const customColumns: ListKind<CustomColumnRow> = {
  paths: {
    fetch: '/api/analyst/fetch-custom-columns',
    create: '/api/analyst/create-custom-column',
    update: '/api/analyst/update-custom-column',
    remove: '/api/analyst/remove-custom-column',
  },
  table: masterTable<CustomColumnRow>('custom_column', 'column_id', 'column_order'),
  idField: 'columnId',
  listKey: 'columns',
  toRow: (i) => ({ column_name: i.name, column_category: i.category, column_position: i.position, column_order: i.order }),
  present: (r) => ({ column_id: r.column_id, column_name: r.column_name, column_category: r.column_category, column_position: r.column_position, column_order: r.column_order }),
  readByClients: true,
};

export const specialUrls: ListKind<SpecialUrlRow> = {
  paths: {
    fetch: '/api/analyst/fetch-special-urls',
    create: '/api/analyst/create-special-url',
    update: '/api/analyst/update-special-url',
    remove: '/api/analyst/remove-special-url',
  },
  table: masterTable<SpecialUrlRow>('special_url', 'id'),
  idField: 'urlId',
  listKey: 'urls',
  scopeFields: { type: 'type' },
  toRow: (i) => ({ url: i.url, seller: i.seller, seller_id: i.sellerId, company: i.company, remarks: i.remarks }),
  present: (r) => ({ id: r.id, url: r.url, seller: r.seller, sellerId: r.seller_id, company: r.company, remarks: r.remarks, type: r.type }),
  readByClients: false,
};

export const specialWords: ListKind<SpecialWordRow> = {
  paths: {
    fetch: '/api/analyst/fetch-special-words',
    create: '/api/analyst/create-special-word',
    update: '/api/analyst/update-special-word',
    remove: '/api/analyst/remove-special-word',
  },
  table: masterTable<SpecialWordRow>('special_word', 'id'),
  idField: 'wordId',
  listKey: 'words',
  scopeFields: { type: 'type' },
  toRow: (i) => ({ word: i.word }),
  present: (r) => ({ id: r.id, word: r.word, type: r.type }),
  readByClients: false,
};

export const attorneyLetters: ListKind<AttorneyLetterRow> = {
  paths: {
    fetch: '/api/analyst/fetch-attorney-letters',
    create: '/api/analyst/create-attorney-letter',
    update: '/api/analyst/update-attorney-letter',
    remove: '/api/analyst/remove-attorney-letter',
  },
  table: masterTable<AttorneyLetterRow>('attorney_letter', 'id', 'end_date'),
  idField: 'letterId',
  listKey: 'letters',
  // The letter's country is an ISO code of the country list (the code list is a separate contract entry point).
  check: (i) => {
    if (!COUNTRY_CODES.has(String(i.region))) fail('unknownCountry');
  },
  toRow: (i) => ({ region: i.region, start_date: i.startDate, end_date: i.endDate, remind_flag: i.remindFlag }),
  present: (r) => ({ id: r.id, region: r.region, startDate: str(r.start_date), endDate: str(r.end_date), remindFlag: r.remind_flag }),
  readByClients: false,
};

export const listKinds = [productCategories, customColumns, specialUrls, specialWords, attorneyLetters] as ListKind<Record<string, unknown>>[];
