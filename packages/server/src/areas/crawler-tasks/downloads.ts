import { TaskStatus, translate, type DownloadQuery, type MessageKey } from '@portal/contract';
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { safeText } from '../../records/export/export.js';
import { LISTING_FIELDS } from './extract.js';
import { evidenceZip } from './evidence.js';
import { findTaskStatus } from './repo.js';
import { scrapedRows, templateHeader, templateRow } from './report.js';

/**
 * GET /api/ec-crawler-command/download?taskId=&exportType=&subtaskIds= (spec README): 1 an .xlsx in the EC upload
 * template's columns (uploadable as a new report), 2 every scraped field as .csv; both streamed row by row; 3 the
 * listings' evidence as a .zip with a manifest (evidence.ts). Only a finished task downloads (section 4).
 */
export async function download(ctx: AuthedContext, { taskId, exportType, subtaskIds = [] }: DownloadQuery<'/api/ec-crawler-command/download'>): Promise<DownloadAnswer> {
  const task = await findTaskStatus(ctx.db, taskId);
  if (!task) fail('objectNotFound');
  if (task.status !== TaskStatus.FINISHED) fail('taskState', { status: translate(ctx.locale, `task.status.${task.status}` as MessageKey) });
  const only = subtaskIds;
  const id = taskId;
  if (exportType === 3) return evidenceZip(ctx, id, only);
  if (exportType === 1) {
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('EC report');
    sheet.addRow(templateHeader(ctx.locale)).commit();
    void (async () => {
      for await (const r of scrapedRows(ctx.services, id, only)) sheet.addRow(templateRow(r)).commit();
      sheet.commit();
      await workbook.commit();
    })().catch((err: unknown) => out.destroy(err as Error));
    return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: out, fileName: `crawler-task-${taskId}.xlsx` };
  }
  const columns = ['site', 'keyword', ...LISTING_FIELDS, 'scrapedAt'] as const;
  const csvCell = (v: string | undefined) => {
    const s = safeText(v ?? '');
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  async function* lines() {
    yield '\ufeff' + columns.join(',') + '\r\n';
    for await (const r of scrapedRows(ctx.services, id, only)) {
      const values: Record<string, string | undefined> = { site: r.site, keyword: r.keyword, scrapedAt: r.scrapedAt?.toISOString(), ...r.fields };
      yield columns.map((c) => csvCell(values[c])).join(',') + '\r\n';
    }
  }
  return { contentType: 'text/csv; charset=utf-8', body: Readable.from(lines()), fileName: `crawler-task-${taskId}.csv` };
}
