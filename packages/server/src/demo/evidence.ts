import { createHash, randomUUID } from 'node:crypto';
import type { Tx } from '../platform/db.js';
import { demoLogo } from './image.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Evidence captures on the demo's first EC record and first WS record (issue 18): one done (a drawn picture and a
 * small page stand in for a browser's, since the demo's listings are on .example addresses no browser can open)
 * and one failed with its reason. "Capture now" on any record shows the queue at work.
 */
export async function seedEvidence(trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const ec = await trx.selectFrom('ec_record').select(['ec_id', 'ec_product_url']).where('client_id', '=', clientId).where('published', '=', true).orderBy('ec_id').executeTakeFirst();
  const ws = await trx.selectFrom('ws_record').select(['ws_id', 'page_url']).where('client_id', '=', clientId).orderBy('ws_id').executeTakeFirst();
  if (ec) {
    const png = demoLogo([226, 232, 240], 320);
    const html = Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>Demo listing</title></head><body><h1>Demo listing</h1><p>${ec.ec_product_url}</p></body></html>`);
    const store = async (bytes: Buffer, ext: string, type: string) => {
      const name = `capture-${randomUUID()}.${ext}`;
      await trx.insertInto('stored_file').values({ name, kind: 'capture', client_id: clientId, content_type: type, original_name: `capture.${ext}`, size: bytes.length, bytes, attached: true, created_by: analystId, created_at: now }).execute();
      return name;
    };
    await trx
      .insertInto('evidence_capture')
      .values({
        client_id: clientId,
        kind: 'ec',
        ec_id: ec.ec_id,
        url: ec.ec_product_url,
        state: 'done',
        final_url: ec.ec_product_url,
        http_status: 200,
        png_file: await store(png, 'png', 'image/png'),
        html_file: await store(html, 'html', 'text/html'),
        sha256_png: sha256(png),
        sha256_html: sha256(html),
        requested_by: analystId,
        requested_at: now,
        captured_at: now,
      })
      .execute();
  }
  if (ws) {
    await trx
      .insertInto('evidence_capture')
      .values({ client_id: clientId, kind: 'ws', ws_id: ws.ws_id, url: ws.page_url, state: 'failed', reason: 'unreachable', reason_detail: 'net::ERR_NAME_NOT_RESOLVED', requested_by: analystId, requested_at: now, captured_at: now })
      .execute();
  }
}
