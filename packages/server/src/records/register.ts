import { REPORT_MAX_BYTES, reportQuery, Role, templateQuery } from '@portal/contract';
import type { DownloadRegistrar, SchemaCallRegistrar, SchemaDownloadRegistrar } from '../platform/call.js';
import { lastBatch, undoBatch } from './batches/batches.js';
import { recordsChanged } from './search/changes.js';
import { exportSearchResult } from './export/export.js';
import { checkRecordKind, type AnyRecordKind, type KindTypes, type RecordKind } from './core/kind.js';
import { notifyRecordsChanged } from './core/notices.js';
import { downloadReport, listReports, postReport, removeReport, reportNames } from './reports/reports.js';
import { batchUpdate, saveRecord } from './batches/save.js';
import { filters } from './search/filters.js';
import { search } from './search/search.js';
import { findVisible, getColumns, history, setColumns } from './core/queries.js';
import { templateFor } from './sheets/template.js';
import { serveThumbnail } from './pictures/thumbnail.js';
import { queuePictureLook } from './pictures/queue.js';
import { withPictureFields } from './pictures/answers.js';
import { uploadNewReport, uploadUpdate } from './upload/upload.js';

export interface KindRegistry {
  call: SchemaCallRegistrar;
  download: SchemaDownloadRegistrar;
  /** The kinds registered so far (the guard tests walk them). */
  kinds: AnyRecordKind[];
}

/**
 * The calls every record kind has, registered from its description (document 3 for the records; document 1, 2.12
 * for the report tab of the client's Data Settings): `/api/<kind>-data/...` for analysts on every client's
 * records and client users on their own company's published ones (section 6), `/api/<kind>-report/...` for
 * analysts among the client's managers. Changes to a client's records are for its managers (and the client's own
 * users, for their response); the category batch is the analyst's, the action batch the client's. A kind's own
 * calls (EC's inherit, repeats and evidence) are registered by its area.
 */
export function registerRecordKind<T extends KindTypes>({ call, download, kinds }: KindRegistry, kind: RecordKind<T>): void {
  checkRecordKind(kind);
  if (kinds.some((k) => k.name === kind.name || k.topic === kind.topic)) throw new Error(`record kind ${kind.name} registered twice`);
  kinds.push(kind);
  const { records: rc, reports: pc } = kind.contract;
  const data = (call: string) => `/api/${kind.name}-data/${call}`;
  const report = (call: string) => `/api/${kind.name}-report/${call}`;

  const roles = Role.CLIENT | Role.ANALYST;
  const tenant = { field: 'clientId', analysts: 'any' as const };
  const managers = { field: 'clientId', analysts: 'managers' as const };
  // Reads run outside a transaction so the page and its count go to the database side by side. The lists, their
  // filter values and the exports may read on the standby once it has the caller's own writes (replica.ts).
  const read = { roles, access: 'read' as const, tenant, transaction: false };
  call(data('search-records'), { ...read, replica: 'read-your-writes', input: rc.searchRecordsInput, output: rc.searchRecordsOutput, handler: (ctx, i) => search(ctx, kind, i) });
  call(data('fetch-filters'), { ...read, replica: 'read-your-writes', input: rc.fetchFiltersInput, output: rc.fetchFiltersOutput, handler: (ctx, i) => filters(ctx, kind, i) });
  call(data('get-record'), {
    ...read,
    input: rc.recordIdInput,
    output: rc.recordOutput,
    handler: async (ctx, i) => {
      const [record] = await withPictureFields(ctx, kind.name, i.clientId, [kind.present(await findVisible(ctx, kind, i.clientId, i.recordId), ctx.locale)], () => i.recordId);
      return { record: record! };
    },
  });
  call(data('get-record-history'), { ...read, input: rc.recordIdInput, output: rc.historyOutput, handler: (ctx, i) => history(ctx, kind, i.clientId, i.recordId) });
  call(data('update-record'), { roles, access: 'write', tenant: managers, input: rc.updateRecordInput, output: rc.updateRecordOutput, handler: (ctx, i) => saveRecord(ctx, kind, i) });
  call(data('batch-update-category'), {
    roles: Role.ANALYST,
    access: 'write',
    tenant: managers,
    input: rc.batchCategoryInput,
    output: rc.batchOutput,
    handler: (ctx, i) => batchUpdate(ctx, kind, kind.batch.category, i, 'batch-category'),
  });
  call(data('batch-update-action'), {
    roles: Role.CLIENT,
    access: 'write',
    tenant: managers,
    input: rc.batchActionInput,
    output: rc.batchOutput,
    handler: (ctx, i) => batchUpdate(ctx, kind, kind.batch.action, i, 'batch-action'),
  });
  // The maker's last batch (either one) and its undo; the batch's owner is checked in batches.ts.
  call(data('fetch-last-batch'), { ...read, tenant: managers, input: rc.lastBatchInput, output: rc.lastBatchOutput, handler: (ctx, i) => lastBatch(ctx, kind, i.clientId) });
  call(data('undo-batch'), { roles, access: 'write', tenant: managers, input: rc.undoBatchInput, output: rc.undoBatchOutput, handler: (ctx, i) => undoBatch(ctx, kind, i.clientId, i.batchId) });
  call(data('fetch-report-names'), { ...read, input: pc.reportNamesInput, output: pc.reportNamesOutput, handler: (ctx, i) => reportNames(ctx, kind, i.clientId) });
  call(data('get-columns'), { roles, access: 'read', transaction: false, input: rc.getColumnsInput, output: rc.columnsOutput, handler: (ctx) => getColumns(ctx, kind) });
  call(data('set-columns'), { roles, access: 'write-own', input: rc.setColumnsInput, output: rc.columnsOutput, handler: (ctx, i) => setColumns(ctx, kind, i.columns) });
  download(data('export-search-result'), { roles, tenant, replica: 'read-your-writes', query: rc.exportQuery, handler: (ctx, q) => exportSearchResult(ctx, kind, q) });

  const analysts = { roles: Role.ANALYST, tenant: managers };
  const upload = { maxBytes: REPORT_MAX_BYTES, toDisk: true };
  call(report('fetch-reports'), {
    ...analysts,
    access: 'read',
    transaction: false,
    input: pc.fetchReportsInput,
    output: pc.reportsOutput,
    handler: async (ctx, i) => ({ reports: await listReports(ctx, kind, i.clientId) }),
  });
  call(report('remove-report'), { ...analysts, access: 'write', input: pc.reportActionInput, output: pc.reportActionOutput, handler: (ctx, i) => removeReport(ctx, kind, i.clientId, i.reportId) });
  call(report('post-report'), {
    ...analysts,
    access: 'write',
    input: pc.postReportInput,
    output: pc.reportActionOutput,
    handler: (ctx, i) => postReport(ctx, kind, i.clientId, i.reportId, i.sendUncategorizRecords),
  });
  call(report('upload-report'), {
    ...analysts,
    access: 'write',
    upload,
    // The upload manages its own transactions (see upload.ts).
    transaction: false,
    input: pc.uploadReportInput,
    output: pc.uploadReportOutput,
    handler: async (ctx, i) => {
      const { reportId, count } = await uploadNewReport(ctx, i.clientId, kind.upload);
      await recordsChanged(ctx.services, ctx.db, kind, i.clientId);
      // The new records' triage suggestions (areas/triage/evaluate.ts), judged in the background.
      await ctx.services.queues.send('triage-evaluate', { clientId: i.clientId, kind: kind.name, reportId }, { db: ctx.db });
      // The new records' listing pictures, looked at in the background (pictures/look.ts).
      await queuePictureLook(ctx.services, ctx.db, i.clientId, kind.name);
      return { reports: await listReports(ctx, kind, i.clientId), reportId, count };
    },
  });
  call(report('batch-update'), {
    ...analysts,
    access: 'write',
    upload,
    transaction: false,
    input: pc.uploadReportInput,
    output: pc.uploadReportOutput,
    handler: async (ctx, i) => {
      const { count } = await uploadUpdate(ctx, i.clientId, kind.upload, async (tx, published) => {
        await recordsChanged(ctx.services, tx, kind, i.clientId);
        await notifyRecordsChanged(ctx, tx, kind, i.clientId, published);
        // An update may give records a new picture address.
        await queuePictureLook(ctx.services, tx, i.clientId, kind.name);
      });
      return { reports: await listReports(ctx, kind, i.clientId), reportId: null, count };
    },
  });
  download(report('download-report'), { ...analysts, replica: 'read-your-writes', query: reportQuery, handler: (ctx, q) => downloadReport(ctx, kind, q.clientId, q.reportId) });
  download(report('download-template'), { ...analysts, query: templateQuery, handler: (ctx, q) => templateFor(ctx, q.clientId, kind.template) });
}

/**
 * A record's picture of any kind (the lists' thumbnails, the detail's picture): a read for whoever may see the
 * record, the kind named in the query (thumbnail.ts).
 */
export function registerRecordPictures(download: DownloadRegistrar): void {
  download('/api/records/thumbnail', {
    roles: Role.CLIENT | Role.ANALYST,
    tenant: { field: 'clientId', analysts: 'any' },
    handler: (ctx, q) => serveThumbnail(ctx, q),
  });
}
