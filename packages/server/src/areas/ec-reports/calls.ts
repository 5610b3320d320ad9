import { REPORT_MAX_BYTES, Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import { queryId } from '../../platform/boundary.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../records/changes.js';
import { notifyClientUsers } from '../notices/service.js';
import * as reports from './service.js';
import { templateFor } from './template.js';
import { EC_UPLOAD, uploadNewReport, uploadUpdate } from './upload.js';

/**
 * Document 1, 2.12 "EC report tab": on the client's Data Settings, so analysts among the client's managers.
 * The report names for the record list's filter are read by the client's users and every analyst.
 */
export function registerEcReportCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.ANALYST;
  const managers = { field: 'clientId', analysts: 'managers' as const };
  const upload = { maxBytes: REPORT_MAX_BYTES, toDisk: true };
  call('/api/ec-report/fetch-reports', { roles, access: 'read', tenant: managers, transaction: false, handler: async (ctx, i) => ({ reports: await reports.listReports(ctx, i.clientId) }) });
  call('/api/ec-report/remove-report', { roles, access: 'write', tenant: managers, handler: (ctx, i) => reports.removeReport(ctx, i.clientId, i.reportId) });
  call('/api/ec-report/inherit-records', { roles, access: 'write', tenant: managers, handler: (ctx, i) => reports.inheritRecords(ctx, i.clientId, i.reportId) });
  call('/api/ec-report/delete-repeat-records', { roles, access: 'write', tenant: managers, handler: (ctx, i) => reports.deleteRepeats(ctx, i.clientId, i.reportId) });
  call('/api/ec-report/post-report', { roles, access: 'write', tenant: managers, handler: (ctx, i) => reports.postReport(ctx, i.clientId, i.reportId, i.sendUncategorizRecords) });
  call('/api/ec-report/upload-report', {
    roles,
    access: 'write',
    tenant: managers,
    upload,
    // The upload manages its own transactions (see upload.ts).
    transaction: false,
    handler: async (ctx, i) => {
      const { reportId, count } = await uploadNewReport(ctx, i.clientId, EC_UPLOAD);
      await recordsChanged(ctx.services, ctx.db, i.clientId);
      return { reports: await reports.listReports(ctx, i.clientId), reportId, count };
    },
  });
  call('/api/ec-report/batch-update', {
    roles,
    access: 'write',
    tenant: managers,
    upload,
    transaction: false,
    handler: async (ctx, i) => {
      const { count } = await uploadUpdate(ctx, i.clientId, EC_UPLOAD, async (tx, published) => {
        await recordsChanged(ctx.services, tx, i.clientId);
        if (published.length === 0) return;
        const client = await tx.selectFrom('client').select('client_name').where('client_id', '=', i.clientId).executeTakeFirstOrThrow();
        await notifyClientUsers(ctx.services, tx, i.clientId, {
          type: 2,
          params: { client: client.client_name, count: published.length },
          target: `/ec-list?clientId=${i.clientId}`,
          scope: { recordIds: published },
          now: ctx.now,
        });
      });
      return { reports: await reports.listReports(ctx, i.clientId), reportId: null, count };
    },
  });
  call('/api/ec-data/fetch-report-names', {
    roles: Role.CLIENT | Role.ANALYST,
    access: 'read',
    tenant: { field: 'clientId', analysts: 'any' },
    transaction: false,
    handler: (ctx, i) => reports.reportNames(ctx, i.clientId),
  });
  download('/api/ec-report/download-report', {
    roles,
    tenant: managers,
    handler: async (ctx, q) => {
      const clientId = Number(q.clientId);
      const reportId = queryId(q.reportId);
      if (reportId === null) throw new AppError('objectNotFound');
      return reports.downloadReport(ctx, clientId, reportId);
    },
  });
  download('/api/ec-report/download-template', { roles, tenant: managers, handler: (ctx, q) => templateFor(ctx, Number(q.clientId)) });
}
