import { WS_RECORD_FIELDS } from '@portal/contract';
import { standardExport, type StandardExportLookups } from '../../records/export/standard-export.js';
import { WS_FIELDS, type WsRow } from './fields.js';

/**
 * Export of website records (document 3, "export of the search result"): the standard export (the site category and
 * results as numbers, the trademark as its number, the report by name), so the sheet goes back in as an update
 * upload. No custom columns for websites.
 */
export type WsLookups = StandardExportLookups;

export const WS_EXPORT = standardExport<WsRow>({ fields: WS_RECORD_FIELDS, columns: WS_FIELDS, reportTable: 'ws_report', fileStem: 'ws-records' });
