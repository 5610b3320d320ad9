import { wsRecords, wsReports, type WsRecord, type WsReport } from '@portal/contract';
import type { z } from 'zod';
import type { RecordKind } from '../../records/core/kind.js';
import type { PackedRows } from '../../records/upload/packed-rows.js';
import { WS_REPORTS } from './reports.js';
import { WS_TEMPLATE, WS_UPLOAD } from './sheet-kind.js';
import { WS_EXPORT, type WsLookups } from './export.js';
import { WS_LIST, type WsRow } from './fields.js';
import { WS_SAVE } from './service.js';

/**
 * Website (WS) records as a record kind (document 3, website records; document 1, "WS report tab"): the engine
 * (../records) serves all of its calls from this description. Websites have no rules of their own beyond it.
 */
export interface WsTypes {
  row: WsRow;
  answer: WsRecord;
  update: z.output<typeof wsRecords.updateRecordInput>;
  updateAnswer: z.output<typeof wsRecords.updateRecordOutput>;
  category: z.output<typeof wsRecords.batchCategoryInput>;
  action: z.output<typeof wsRecords.batchActionInput>;
  report: WsReport;
  reportName: { id: number; reportName: string };
  /** A checked row is inserted as it is. */
  packed: PackedRows;
  exportLookups: WsLookups;
}

export const WS_KIND: RecordKind<WsTypes> = {
  ...WS_LIST,
  name: 'ws',
  contract: { records: wsRecords, reports: wsReports },
  reports: WS_REPORTS,
  save: WS_SAVE,
  batch: {
    category: { field: 'categoryId', value: (i) => i.categoryId },
    action: { field: 'action', value: (i) => i.action },
  },
  upload: WS_UPLOAD,
  template: WS_TEMPLATE,
  export: WS_EXPORT,
};
