import { SNS_RECORD_FIELDS } from '@portal/contract';
import { standardExport, type StandardExportLookups } from '../../records/export/standard-export.js';
import { SNS_FIELDS, type SnsRow } from './fields.js';

/**
 * Export of social media records: the standard export (platform, SNS category and results as numbers, the trademark
 * as its number, the report by name; the matching reasons, which an upload computes and skips), so the sheet goes
 * back in as an update upload.
 */
export type SnsLookups = StandardExportLookups;

export const SNS_EXPORT = standardExport<SnsRow>({ fields: SNS_RECORD_FIELDS, columns: SNS_FIELDS, reportTable: 'sns_report', fileStem: 'sns-records' });
