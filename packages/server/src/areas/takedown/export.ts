import { BATCH_CHANNELS, type DownloadQuery, type TakedownExportFormat } from '@portal/contract';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { safeText } from '../../records/export/export.js';
import { CHANNELS } from './channels/index.js';
import { docxOf } from './docx.js';
import { composeNotices } from './service.js';

/**
 * GET /api/takedown/export?clientId=&kind=&channel=&format=docx|txt|csv&ids=1,2,3: the notices composed now, as a
 * Word document or plain text (every notice, its recipient and subject), or for the batch channels the listing
 * table as CSV. Cells a spreadsheet would run as a formula are written as text (leading apostrophe).
 */
const CONTENT_TYPES: Record<TakedownExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const csvCell = (s: string) => {
  const text = safeText(s);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export async function exportNotices(ctx: AuthedContext, q: DownloadQuery<'/api/takedown/export'>): Promise<DownloadAnswer> {
  const { format } = q;
  const input = { clientId: q.clientId, kind: q.kind, channel: q.channel, recordIds: q.ids };
  const channel = CHANNELS[input.channel];
  if (format === 'csv' && (!BATCH_CHANNELS.includes(input.channel) || !channel.csv)) throw new AppError('badRequest');
  const { notices, facts } = await composeNotices(ctx, input);
  const stem = `takedown-${input.channel}-${ctx.now.toISOString().slice(0, 10)}`;
  if (format === 'csv') {
    const byId = new Map(facts.map((f) => [f.id, f]));
    const lines = [['Notice', 'Record', ...channel.csv!.header]];
    notices.forEach((n, i) => n.recordIds.forEach((id) => lines.push([String(i + 1), String(id), ...channel.csv!.row(byId.get(id)!)])));
    // A byte order mark, so spreadsheet programs read the Japanese titles as UTF-8.
    const text = '\ufeff' + lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
    return { contentType: CONTENT_TYPES.csv, body: Buffer.from(text), fileName: `${stem}.csv` };
  }
  const documents = notices.map((n) => ({ title: n.subject, body: `To: ${n.to}\nSubject: ${n.subject}\n\n${n.body}` }));
  if (format === 'docx') return { contentType: CONTENT_TYPES.docx, body: docxOf(documents), fileName: `${stem}.docx` };
  const text = documents.map((d) => d.body).join(`\n\n${'='.repeat(72)}\n\n`);
  return { contentType: CONTENT_TYPES.txt, body: Buffer.from(text + '\n'), fileName: `${stem}.txt` };
}
