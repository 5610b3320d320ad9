import { WS_RECORD_FIELDS } from '@portal/contract';
import ExcelJS from 'exceljs';
import { contextFor, type AuthedContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import { WS_KIND } from '../../kinds/ws/kind.js';
import { WS_UPLOAD } from '../../kinds/ws/sheet-kind.js';
import { recordsChanged } from '../../records/search/changes.js';
import { columnLabel } from '../../records/sheets/columns.js';
import { uploadNewReport } from '../../records/upload/upload.js';
import * as q from './queries.js';

/**
 * Promotion (spec: `promote {candidateIds}` → `records: [{ candidateId, recordId }]`): the candidates become WS
 * records of their client through the same upload as any WS report (its checks, history and triage), one report
 * for the lot. The record says where it came from: search engine `domain-watch`, the fuzzer as its keyword. A
 * candidate promoted before answers the record it became, so asking twice makes nothing twice. The category, whois
 * and evidence wait for the page fetching and scoring (issue 32 point 3).
 */

const COLUMNS = ['searchEngine', 'scanDate', 'searchKeyword', 'pageDomain', 'pageURL', 'tld'] as const;
export const PROMOTED_ENGINE = 'domain-watch';

async function sheetOf(rows: { domain: string; fuzzer: string }[], day: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('WS');
  sheet.addRow(COLUMNS.map((c) => columnLabel(c, 'en', WS_RECORD_FIELDS)));
  for (const r of rows) sheet.addRow([PROMOTED_ENGINE, day, r.fuzzer, r.domain, `http://${r.domain}/`, r.domain.split('.').at(-1)!]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function promote(ctx: AuthedContext, candidateIds: number[]) {
  const ids = [...new Set(candidateIds)];
  const rows = await q.candidatesToPromote(ctx.db, ids);
  if (rows.length !== ids.length) fail('objectNotFound');
  const todo = rows.filter((r) => r.record_id === null);
  const made = new Map<number, number>();
  if (todo.length) {
    const day = ctx.now.toISOString().slice(0, 10);
    const bytes = await sheetOf(todo, day);
    const files = [{ filename: `domain-watch-${day}.xlsx`, size: bytes.length, bytes }];
    // The upload on the call's own connection: on PGlite (one connection) the call holds it already.
    const services = { ...ctx.services, db: ctx.db as Db };
    const upload = contextFor(services, ctx.db, ctx.user, { now: ctx.now, files });
    const { reportId } = await uploadNewReport(upload, rows[0]!.client_id, WS_UPLOAD);
    const byDomain = new Map((await q.recordsOfReport(ctx.db, reportId)).map((r) => [r.page_domain, r.ws_id]));
    const clientId = rows[0]!.client_id;
    await services.db.transaction().execute(async (tx) => {
      // As after any WS upload: the record lists' caches move on, and the new records' triage is judged.
      await recordsChanged(services, tx, WS_KIND, clientId);
      await services.queues.send('triage-evaluate', { clientId, kind: 'ws', reportId }, { db: tx });
      for (const r of todo) {
        const recordId = byDomain.get(r.domain);
        if (recordId === undefined) continue;
        made.set(r.id, recordId);
        await q.markPromoted(tx, r.id, recordId);
      }
    });
  }
  return { records: rows.flatMap((r) => ((r.record_id ?? made.get(r.id)) === undefined ? [] : [{ candidateId: r.id, recordId: (r.record_id ?? made.get(r.id))! }])) };
}
