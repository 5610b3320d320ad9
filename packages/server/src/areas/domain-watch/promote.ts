import { Role, WS_RECORD_FIELDS } from '@portal/contract';
import ExcelJS from 'exceljs';
import { contextFor, type AuthedContext, type Services } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError, fail } from '../../platform/errors.js';
import { WS_KIND } from '../../kinds/ws/kind.js';
import { WS_UPLOAD } from '../../kinds/ws/sheet-kind.js';
import { recordsChanged } from '../../records/search/changes.js';
import { columnLabel } from '../../records/sheets/columns.js';
import { uploadNewReport } from '../../records/upload/upload.js';
import { queueCaptures } from '../evidence/service.js';
import * as pq from './promote-queries.js';
import * as q from './queries.js';

/**
 * Promotion (spec: `promote {candidateIds}` → `records: [{ candidateId, recordId }]`; issue 32 point 4): the
 * candidates become WS records of their client through the same upload as any WS report (its checks, history and
 * triage), one report for the lot. The record says where it came from (search engine `domain-watch`, the fuzzer as
 * its keyword) and carries what the watch learnt: the page's address and suggested site category, the registration
 * as whois text and dates. Each new record gets an evidence capture of its page, queued in the transaction that
 * marks the candidates promoted. A candidate promoted before answers the record it became, so asking twice makes
 * nothing twice. A run promotes by itself the candidates reaching the watch's threshold (promoteAutomatically).
 */

const COLUMNS = [
  'searchEngine', 'scanDate', 'searchKeyword', 'pageDomain', 'pageURL', 'tld', 'categorizeDate', 'categoryId', 'whois', 'domainCreatedAt', 'domainExpireAt',
] as const;
export const PROMOTED_ENGINE = 'domain-watch';

const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const urlOf = (r: pq.PromotedCandidate) => r.page_url ?? `http://${r.domain}/`;

/** What RDAP or WHOIS said and the name servers the run saw, one fact a line (English, as the sheet's data is). */
export function whoisText(r: pq.PromotedCandidate): string {
  const lines = [
    r.registration_source && `Source: ${r.registration_source.toUpperCase()}`,
    r.registrar && `Registrar: ${r.registrar}`,
    r.domain_created_at && `Created: ${dayOf(r.domain_created_at)}`,
    r.domain_expires_at && `Expires: ${dayOf(r.domain_expires_at)}`,
    r.dns.ns.length > 0 && `Name servers: ${r.dns.ns.join(', ')}`,
  ];
  return lines.filter(Boolean).join('\n');
}

async function sheetOf(rows: pq.PromotedCandidate[], day: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('WS');
  sheet.addRow(COLUMNS.map((c) => columnLabel(c, 'en', WS_RECORD_FIELDS)));
  for (const r of rows) {
    const category = r.site_category;
    sheet.addRow([
      PROMOTED_ENGINE, day, r.fuzzer, r.domain, urlOf(r), r.domain.split('.').at(-1)!,
      category === null ? null : day, category, whoisText(r) || null, dayOf(r.domain_created_at), dayOf(r.domain_expires_at),
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The WS report of the candidates not promoted yet, on `db` (the call's own connection: on PGlite the call holds
 * the only one), as `actor`: their records marked on the candidates, the lists' caches moved on, triage queued and
 * a capture of each new record's page queued, all in one transaction. Answers candidate → record.
 */
async function promoteRows(services: Services, db: Db, actor: { userId: number; role: number; clientId?: number | null }, rows: pq.PromotedCandidate[], now: Date) {
  const made = new Map<number, number>();
  const todo = rows.filter((r) => r.record_id === null);
  if (!todo.length) return made;
  const clientId = todo[0]!.client_id;
  const day = now.toISOString().slice(0, 10);
  const bytes = await sheetOf(todo, day);
  const files = [{ filename: `domain-watch-${day}.xlsx`, size: bytes.length, bytes }];
  const upload = contextFor({ ...services, db }, db, actor, { now, files });
  const { reportId } = await uploadNewReport(upload, clientId, WS_UPLOAD);
  const byDomain = new Map((await q.recordsOfReport(db, reportId)).map((r) => [r.page_domain, r.ws_id]));
  await db.transaction().execute(async (tx) => {
    // As after any WS upload: the record lists' caches move on, and the new records' triage is judged.
    await recordsChanged(services, tx, WS_KIND, clientId);
    await services.queues.send('triage-evaluate', { clientId, kind: 'ws', reportId }, { db: tx });
    const captures = [];
    for (const r of todo) {
      const recordId = byDomain.get(r.domain);
      if (recordId === undefined) continue;
      made.set(r.id, recordId);
      await q.markPromoted(tx, r.id, recordId);
      // Captured from where the watch saw the page (its resolvers' answers), not where the system resolver says.
      captures.push({ clientId, kind: 'ws' as const, recordId, url: urlOf(r), requestedBy: actor.userId || null, requestedAt: now, pinnedHost: { host: r.domain, addresses: [...r.dns.a, ...r.dns.aaaa] } });
    }
    await queueCaptures(services, tx, captures);
  });
  return made;
}

export async function promote(ctx: AuthedContext, candidateIds: number[]) {
  const ids = [...new Set(candidateIds)];
  const rows = await pq.candidatesToPromote(ctx.db, ids);
  if (rows.length !== ids.length) fail('objectNotFound');
  const made = await promoteRows(ctx.services, ctx.db as Db, ctx.user, rows, ctx.now);
  return { records: rows.flatMap((r) => ((r.record_id ?? made.get(r.id)) === undefined ? [] : [{ candidateId: r.id, recordId: (r.record_id ?? made.get(r.id))! }])) };
}

/**
 * After a run: its candidates scoring the watch's threshold or more become WS records, as the watch's last editor
 * (an analyst's upload: their one upload at a time, so a run that finds them uploading waits its turn). Answers
 * how many were promoted; never throws (a refused sheet is logged and the candidates stay to be promoted by hand).
 */
export async function promoteAutomatically(services: Services, watchId: number, runId: number): Promise<number> {
  try {
    const rows = await pq.candidatesAtThreshold(services.db, watchId, runId);
    const watch = rows.length ? await pq.watchActor(services.db, watchId) : undefined;
    if (!watch) return 0;
    const actor = { userId: watch.user_id ?? 0, role: Role.ANALYST };
    for (let waited = 0; ; waited += 1000) {
      try {
        return (await promoteRows(services, services.db, actor, rows, services.clock())).size;
      } catch (err) {
        if (!(err instanceof AppError && err.name_ === 'uploadBusy') || waited >= 30 * 60_000) throw err;
      }
      await new Promise((go) => setTimeout(go, 1000));
    }
  } catch (err) {
    services.log.error({ err, watchId, runId }, 'domain watch promotion failed');
    return 0;
  }
}
