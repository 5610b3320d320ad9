import { Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import { exportNotices } from './export.js';
import * as service from './service.js';

/**
 * Takedown notices (issue 18): analysts among the client's managers compose, export and mark sent; the client's
 * users (and its analysts) read the notices sent for the company.
 */
export function registerTakedownCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const managers = { field: 'clientId', analysts: 'managers' as const };
  call('/api/takedown/compose', { roles: Role.ANALYST, access: 'write', tenant: managers, transaction: false, handler: (ctx, i) => service.compose(ctx, i) });
  call('/api/takedown/mark-sent', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => service.markSent(ctx, i) });
  call('/api/takedown/fetch-notices', { roles: Role.CLIENT | Role.ANALYST, access: 'read', tenant: { field: 'clientId', analysts: 'any' }, transaction: false, handler: (ctx, i) => service.fetchNotices(ctx, i) });
  download('/api/takedown/export', {
    roles: Role.ANALYST,
    tenant: managers,
    doc: {
      summary: 'Export takedown notices',
      description: 'Composes the notices of the records named (as compose does) and answers them as a Word document or plain text, or, for the channels that take a list of listings (eBay VeRO, Amazon, Alibaba IPP), as a CSV table.',
      query: {
        clientId: { description: 'The client whose records these are.', required: true },
        kind: { description: 'The record kind.', required: true, enum: ['ec', 'ws', 'sns'] },
        channel: { description: 'The takedown channel (as in compose).', required: true },
        ids: { description: 'The record ids, comma-separated.', required: true },
        format: { description: 'docx, txt, or csv (batch channels only).', required: true, enum: ['docx', 'txt', 'csv'] },
      },
      answers: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain', 'text/csv'],
    },
    handler: (ctx, q) => exportNotices(ctx, q),
  });
}
