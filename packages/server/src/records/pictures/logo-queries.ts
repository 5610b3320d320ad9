import type { Db, Tx } from '../../platform/db.js';
import type { Services } from '../../platform/context.js';
import { prepareLogo, type FoundLogo, type PreparedLogo } from './logo.js';

/**
 * The SQL of "shows the logo" (migration 047): the client's design marks (trademarks with an image) made ready for
 * the search once per job run, and the logos found in a picture stored as its matches.
 */

type Conn = Db | Tx;

/**
 * The client's trademark images as logos to look for. An image that cannot be read or shows nothing is left out and
 * logged: one broken upload must not stop the search for the others.
 */
export async function logosOf(db: Conn, clientId: number, log: Services['log']): Promise<PreparedLogo[]> {
  const rows = await db
    .selectFrom('trademark')
    .innerJoin('stored_file', 'stored_file.name', 'trademark.image')
    .select(['trademark.trademark_id', 'stored_file.bytes'])
    .where('trademark.client_id', '=', clientId)
    .where('stored_file.client_id', '=', clientId)
    .orderBy('trademark.trademark_id')
    .execute();
  const logos: PreparedLogo[] = [];
  for (const row of rows) {
    try {
      const logo = await prepareLogo(row.trademark_id, row.bytes);
      if (logo) logos.push(logo);
      else log.warn({ trademarkId: row.trademark_id }, 'trademark image shows nothing to look for');
    } catch (err) {
      log.warn({ err, trademarkId: row.trademark_id }, 'trademark image could not be read');
    }
  }
  return logos;
}

/** The logos found in a picture, as its matches (its earlier ones went when it was settled). */
export async function insertLogos(tx: Conn, pictureId: number, found: FoundLogo[]): Promise<void> {
  if (found.length === 0) return;
  await tx
    .insertInto('picture_match')
    .values(
      found.map((f) => ({
        picture_id: pictureId,
        kind: 'logo' as const,
        trademark_id: f.trademarkId,
        score: f.score,
        box_x: f.box.x,
        box_y: f.box.y,
        box_w: f.box.w,
        box_h: f.box.h,
        phash_distance: null,
        dhash_distance: null,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
