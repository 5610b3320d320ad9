import { snsRecords, snsReports, type SnsRecord, type SnsReport } from '@portal/contract';
import type { z } from 'zod';
import type { RecordKind } from '../../records/core/kind.js';
import { SNS_EXPORT, type SnsLookups } from './export.js';
import { SNS_REPORTS } from './reports.js';
import { SNS_LIST, type SnsRow } from './fields.js';
import { SNS_SAVE } from './service.js';
import type { PackedRows } from '../../records/upload/packed-rows.js';
import { SNS_TEMPLATE, SNS_UPLOAD } from './sheet-kind.js';

/**
 * Social media (SNS) records as a record kind (spec README, "SNS records"): the engine (../records) serves all of
 * its calls from this description; its own rule is the matching of accounts and posts against the client's black
 * and white lists on upload (./sheet-kind.ts).
 */
export interface SnsTypes {
  row: SnsRow;
  answer: SnsRecord;
  update: z.output<typeof snsRecords.updateRecordInput>;
  updateAnswer: z.output<typeof snsRecords.updateRecordOutput>;
  category: z.output<typeof snsRecords.batchCategoryInput>;
  action: z.output<typeof snsRecords.batchActionInput>;
  report: SnsReport;
  reportName: { id: number; reportName: string };
  packed: PackedRows;
  exportLookups: SnsLookups;
}

export const SNS_KIND: RecordKind<SnsTypes> = {
  ...SNS_LIST,
  name: 'sns',
  contract: { records: snsRecords, reports: snsReports },
  reports: SNS_REPORTS,
  save: SNS_SAVE,
  batch: {
    category: { field: 'categoryId', value: (i) => i.categoryId },
    action: { field: 'action', value: (i) => i.action },
  },
  upload: SNS_UPLOAD,
  template: SNS_TEMPLATE,
  export: SNS_EXPORT,
};
