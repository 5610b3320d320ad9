import { createHash, randomUUID } from 'node:crypto';
import type { Tx } from '../platform/db.js';
import { RECHECK_ATTEMPTS } from '../areas/takedown-recheck/job.js';
import { demoLogo } from './image.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const DAY = 24 * 3600_000;

/**
 * Re-checks after a takedown (issue 18) on the demo: the record triggers gave every demo takedown a re-check row.
 * Two EC listings are still live and two gone (a 404, a redirect to the search), and one SNS post still live, each
 * with the capture from before the takedown and the re-check's; the record lists count the still-live ones. The
 * demo's listings are on .example addresses no browser can reach, so every other re-check is left as tried and
 * failed (unreachable) rather than filling the capture queue with pages that cannot load.
 */
export async function seedRechecks(trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const takedownAt = new Date(now.getTime() - 3 * DAY);
  const checkedAt = new Date(now.getTime() - 2 * DAY);
  await trx
    .updateTable('takedown_recheck')
    .set({ takedown_at: takedownAt, attempts: RECHECK_ATTEMPTS, verdict_reason: 'capture failed: unreachable' })
    .where('client_id', '=', clientId)
    .execute();

  const capture = async (kind: 'ec' | 'sns', recordId: number, url: string, shot: { colour: [number, number, number]; status: number; finalUrl: string; title: string }, at: Date, round: number | null) => {
    const png = demoLogo(shot.colour, 320);
    const html = Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>${shot.title}</title></head><body><h1>${shot.title}</h1><p>${url}</p></body></html>`);
    const store = async (bytes: Buffer, ext: string, type: string) => {
      const name = `capture-${randomUUID()}.${ext}`;
      await trx.insertInto('stored_file').values({ name, kind: 'capture', client_id: clientId, content_type: type, original_name: `capture.${ext}`, size: bytes.length, bytes, attached: true, created_by: analystId, created_at: at }).execute();
      return name;
    };
    const { capture_id } = await trx
      .insertInto('evidence_capture')
      .values({
        client_id: clientId,
        kind,
        [`${kind}_id`]: recordId,
        url,
        state: 'done',
        final_url: shot.finalUrl,
        http_status: shot.status,
        png_file: await store(png, 'png', 'image/png'),
        html_file: await store(html, 'html', 'text/html'),
        sha256_png: sha256(png),
        sha256_html: sha256(html),
        requested_by: round === null ? analystId : null,
        requested_at: at,
        captured_at: at,
        recheck_round: round,
      })
      .returning('capture_id')
      .executeTakeFirstOrThrow();
    return capture_id;
  };

  const ec = await trx
    .selectFrom('takedown_recheck as t')
    .innerJoin('ec_record as r', 'r.ec_id', 't.ec_id')
    .select(['t.recheck_id', 't.round', 'r.ec_id', 'r.ec_product_url'])
    .where('t.client_id', '=', clientId)
    .where('r.published', '=', true)
    .orderBy('r.ec_id', 'desc')
    .limit(4)
    .execute();
  const sns = await trx
    .selectFrom('takedown_recheck as t')
    .innerJoin('sns_record as r', 'r.sns_id', 't.sns_id')
    .select(['t.recheck_id', 't.round', 'r.sns_id', 'r.post_url', 'r.account_url'])
    .where('t.client_id', '=', clientId)
    .where('r.published', '=', true)
    .orderBy('r.sns_id', 'desc')
    .limit(1)
    .execute();
  const staged = [
    ...ec.map((r, i) => ({ ...r, kind: 'ec' as const, id: Number(r.ec_id), url: r.ec_product_url, outcome: (['live', 'gone404', 'live', 'goneRedirect'] as const)[i]! })),
    ...sns.map((r) => ({ ...r, kind: 'sns' as const, id: Number(r.sns_id), url: r.post_url || r.account_url, outcome: 'live' as const })),
  ];
  for (const s of staged) {
    await capture(s.kind, s.id, s.url, { colour: [226, 232, 240], status: 200, finalUrl: s.url, title: 'Demo listing (before the takedown)' }, new Date(takedownAt.getTime() - DAY), null);
    const origin = new URL(s.url).origin;
    const after = {
      live: { shot: { colour: [254, 226, 226] as [number, number, number], status: 200, finalUrl: s.url, title: 'Demo listing (still online)' }, verdict: 'live' as const, reason: 'page answers 200' },
      gone404: { shot: { colour: [220, 252, 231] as [number, number, number], status: 404, finalUrl: s.url, title: 'Page not found' }, verdict: 'gone' as const, reason: 'status 404' },
      goneRedirect: { shot: { colour: [220, 252, 231] as [number, number, number], status: 200, finalUrl: `${origin}/search?q=sakura`, title: 'Search results' }, verdict: 'gone' as const, reason: 'redirect to /search?q=sakura' },
    }[s.outcome];
    const captureId = await capture(s.kind, s.id, s.url, after.shot, checkedAt, s.round);
    await trx
      .updateTable('takedown_recheck')
      .set({ capture_id: captureId, attempts: 1, verdict: after.verdict, verdict_reason: after.reason, checked_at: checkedAt })
      .where('recheck_id', '=', s.recheck_id)
      .execute();
  }
}
