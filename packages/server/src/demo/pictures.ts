import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../platform/db.js';
import { encodeRgba } from '../platform/png-shrink.js';

/**
 * Pictures for the demo's record lists and details (issue 18): done captures of the first EC, WS and SNS records,
 * each a drawn listing page (a bar, a product in its colour, title lines, a price and a button), since the demo's
 * listings are on .example addresses that neither a browser nor the portal's image fetch can reach. Stored as
 * portal files like a real capture, so the private-network rule stays as it is.
 */

type Rgb = readonly [number, number, number];
const COLOURS: readonly Rgb[] = [[236, 72, 153], [244, 114, 182], [190, 24, 93], [168, 85, 247], [59, 130, 246], [16, 185, 129], [245, 158, 11], [239, 68, 68]];
const BARS: readonly Rgb[] = [[35, 47, 62], [191, 0, 0], [255, 85, 0], [0, 102, 204]];

/** A listing page of 480 × 600: the marketplace's bar, the product (a bottle or a jar), its text and its price. */
export function demoListingPage(seed: number): Buffer {
  const width = 480;
  const height = 600;
  const stride = 1 + width * 4;
  const rows = Buffer.alloc(height * stride, 255);
  for (let y = 0; y < height; y++) rows[y * stride] = 0;
  const fill = (x0: number, y0: number, x1: number, y1: number, rgb: Rgb, inside: (x: number, y: number) => boolean = () => true) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) if (inside(x, y)) rows.set([...rgb, 255], y * stride + 1 + x * 4);
    }
  };
  const colour = COLOURS[seed % COLOURS.length]!;
  const pale: Rgb = [Math.round(colour[0] / 6 + 212), Math.round(colour[1] / 6 + 212), Math.round(colour[2] / 6 + 212)];
  fill(0, 0, width, 44, BARS[seed % BARS.length]!);
  fill(16, 12, 96, 32, [255, 255, 255]);
  fill(120, 12, 380, 32, [250, 250, 250]);
  fill(24, 64, 456, 384, pale);
  const round = (cx: number, cy: number, r: number) => (x: number, y: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  if (seed % 2 === 0) {
    // A serum bottle: the body, its shoulder, the neck and the dropper's cap.
    fill(180, 170, 300, 360, colour, (x, y) => y > 190 || round(240, 190, 60)(x, y));
    fill(222, 110, 258, 140, [255, 255, 255]);
    fill(214, 84, 266, 112, [60, 60, 60]);
    fill(196, 240, 284, 300, [255, 255, 255]);
  } else {
    // A jar of cream: the lid and the body.
    fill(150, 200, 330, 232, [80, 80, 80]);
    fill(140, 232, 340, 350, colour, (x, y) => y < 330 || round(240, 300, 100)(x, y));
    fill(176, 262, 304, 300, [255, 255, 255]);
  }
  fill(24, 408, 456, 424, [60, 60, 60]);
  fill(24, 434, 360, 448, [150, 150, 150]);
  fill(24, 468, 180, 496, [191, 0, 0]);
  fill(24, 520, 220, 560, [255, 164, 28]);
  fill(240, 520, 456, 560, [255, 216, 20]);
  return encodeRgba(rows, width, height);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Done captures of the first records of each kind that have none yet (the demo's own capture stays). */
export async function seedPictures(trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const kinds = [
    { kind: 'ec' as const, table: 'ec_record' as const, id: 'ec_id' as const, scan: 'ec_scan_date', count: 24 },
    { kind: 'ws' as const, table: 'ws_record' as const, id: 'ws_id' as const, scan: 'scan_date', count: 8 },
    { kind: 'sns' as const, table: 'sns_record' as const, id: 'sns_id' as const, scan: 'scan_date', count: 8 },
  ];
  let seed = 0;
  for (const k of kinds) {
    // The first rows of the list as analysts see it (newest scan first), then as the client's users do (posted
    // ones only), each without a capture yet.
    const pick = async (publishedOnly: boolean) =>
      (
        await sql<{ id: number }>`
          SELECT r.${sql.ref(k.id)} AS id FROM ${sql.table(k.table)} AS r
          WHERE r.client_id = ${clientId} AND (r.published OR ${!publishedOnly})
            AND NOT EXISTS (SELECT 1 FROM evidence_capture AS e WHERE e.${sql.ref(k.id)} = r.${sql.ref(k.id)})
          ORDER BY r.${sql.ref(k.scan)} DESC, r.${sql.ref(k.id)} DESC LIMIT ${k.count}`.execute(trx)
      ).rows;
    const records = [...(await pick(false))];
    for (const r of await pick(true)) if (!records.some((x) => Number(x.id) === Number(r.id))) records.push(r);
    for (const { id } of records) {
      seed += 1;
      const png = demoListingPage(seed);
      const html = Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>Demo listing ${seed}</title></head><body><h1>Demo listing ${seed}</h1></body></html>`);
      const store = async (bytes: Buffer, ext: string, type: string) => {
        const name = `capture-${randomUUID()}.${ext}`;
        await trx.insertInto('stored_file').values({ name, kind: 'capture', client_id: clientId, content_type: type, original_name: `capture.${ext}`, size: bytes.length, bytes, attached: true, created_by: analystId, created_at: now }).execute();
        return name;
      };
      const url = `https://shop.example/demo/${k.kind}/${id}`;
      await trx
        .insertInto('evidence_capture')
        .values({
          client_id: clientId,
          kind: k.kind,
          [k.id]: Number(id),
          url,
          state: 'done',
          final_url: url,
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
  }
}
