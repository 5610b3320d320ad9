import { REPORT_MAX_BYTES, Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import { queryId } from '../../platform/boundary.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../records/changes.js';
import { templateFor, type TemplateKind } from '../ec-reports/template.js';
import { uploadNewReport, uploadUpdate } from '../ec-reports/upload.js';
import { notifyBatch } from '../ws-records/service.js';
import * as reports from './service.js';
import { WS_SHEET, WS_UPLOAD } from './sheet-kind.js';

const WS_TEMPLATE: TemplateKind = { sheet: WS_SHEET, customColumns: false, sheetName: 'WS', fileName: 'ws-report-template.xlsx' };

/**
 * Document 1, 2.12 "WS report tab": on the client's Data Settings, so analysts among the client's managers (as the
 * EC report tab). The report names for the WS list's filter are served by the WS record area.
 */
export function registerWsReportCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.ANALYST;
  const managers = { field: 'clientId', analysts: 'managers' as const };
  const upload = { maxBytes: REPORT_MAX_BYTES, toDisk: true };
  call('/api/ws-report/fetch-reports', { roles, access: 'read', tenant: managers, transaction: false, handler: async (ctx, i) => ({ reports: await reports.listReports(ctx, i.clientId) }) });
  call('/api/ws-report/remove-report', { roles, access: 'write', tenant: managers, handler: (ctx, i) => reports.removeReport(ctx, i.clientId, i.reportId) });
  call('/api/ws-report/post-report', { roles, access: 'write', tenant: managers, handler: (ctx, i) => reports.postReport(ctx, i.clientId, i.reportId, i.sendUncategorizRecords) });
  call('/api/ws-report/upload-report', {
    roles,
    access: 'write',
    tenant: managers,
    upload,
    // The upload manages its own transactions (see ec-reports/upload.ts).
    transaction: false,
    handler: async (ctx, i) => {
      const { reportId, count } = await uploadNewReport(ctx, i.clientId, WS_UPLOAD);
      await recordsChanged(ctx.services, ctx.db, i.clientId, undefined, 'ws-records');
      return { reports: await reports.listReports(ctx, i.clientId), reportId, count };
    },
  });
  call('/api/ws-report/batch-update', {
    roles,
    access: 'write',
    tenant: managers,
    upload,
    transaction: false,
    handler: async (ctx, i) => {
      const { count } = await uploadUpdate(ctx, i.clientId, WS_UPLOAD, async (tx, published) => {
        await recordsChanged(ctx.services, tx, i.clientId, undefined, 'ws-records');
        await notifyBatch({ ...ctx, db: tx }, i.clientId, published);
      });
      return { reports: await reports.listReports(ctx, i.clientId), reportId: null, count };
    },
  });
  download('/api/ws-report/download-report', {
    roles,
    tenant: managers,
    handler: async (ctx, q) => {
      const clientId = Number(q.clientId);
      const reportId = queryId(q.reportId);
      if (reportId === null) throw new AppError('objectNotFound');
      return reports.downloadReport(ctx, clientId, reportId);
    },
  });
  download('/api/ws-report/download-template', { roles, tenant: managers, handler: (ctx, q) => templateFor(ctx, Number(q.clientId), WS_TEMPLATE) });
}
