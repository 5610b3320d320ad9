import { ecRecords, ecReports, type EcRecord, type EcReport } from '@portal/contract';
import type { z } from 'zod';
import { EC_REPORTS } from './reports.js';
import { EC_TEMPLATE, EC_UPLOAD } from './sheet-kind.js';
import type { PackedRecords } from './writes.js';
import type { RecordKind } from '../../records/core/kind.js';
import { EC_EXPORT, type ExportLookups } from './export.js';
import { EC_LIST, type RecordRow } from './fields.js';
import { EC_SAVE } from './service.js';

/**
 * Marketplace (EC) records as a record kind (document 3; document 1, "EC report tab"): the engine (../records)
 * serves its shared calls from this description. EC's own rules stay in its areas: evidence screenshots
 * (./evidence.ts), inherit and repeats (kinds/ec/report-service.ts), matching (kinds/ec/matching.ts).
 */
export interface EcTypes {
  row: RecordRow;
  answer: EcRecord;
  update: z.output<typeof ecRecords.updateRecordInput>;
  updateAnswer: z.output<typeof ecRecords.updateRecordOutput>;
  category: z.output<typeof ecRecords.batchCategoryInput>;
  action: z.output<typeof ecRecords.batchActionInput>;
  report: EcReport;
  reportName: { report_id: number; report_name: string };
  packed: PackedRecords;
  exportLookups: ExportLookups;
}

export const EC_KIND: RecordKind<EcTypes> = {
  ...EC_LIST,
  name: 'ec',
  contract: { records: ecRecords, reports: ecReports },
  reports: EC_REPORTS,
  save: EC_SAVE,
  batch: {
    // The analysts' batch sets the aggregate category (the subcategory stays as it is).
    category: { field: 'ec_category_common_type_id', value: (i) => i.commoncategoryId },
    action: { field: 'ec_response_action', value: (i) => i.action },
  },
  upload: EC_UPLOAD,
  template: EC_TEMPLATE,
  export: EC_EXPORT,
};
