import type { AuthedContext } from '../../platform/context.js';
import type { AnyRow, ListKind } from '../core/kind.js';
import { visibleTo } from '../core/visibility-queries.js';
import { withPictureFields } from './answers.js';
import { uploadedPicture } from './uploaded-picture.js';
import { nearestRecords, recordRows, type PictureKind } from './picture-queries.js';

/** The most records one search by picture answers. */
const SEARCH_LIMIT = 100;

/**
 * Find by picture (issue 31 point 4; `POST /api/<kind>-data/search-by-picture`): the picture given is fingerprinted
 * as listing pictures are, and the client's records the caller may see whose pictures are nearest it are answered,
 * nearest first, each with its distance (bits of 64, within the index's reach), through the band indexes.
 */
export async function searchByPicture<Row extends AnyRow, Answer extends object>(ctx: AuthedContext, kind: ListKind<Row, Answer>, kindName: PictureKind, clientId: number) {
  const { hashes } = await uploadedPicture(ctx.files[0]);
  const nearest = await nearestRecords(ctx.db, kindName, clientId, hashes.phash, visibleTo(ctx, clientId, kind.table), SEARCH_LIMIT);
  const rows = new Map((await recordRows<Row>(ctx.db, kindName, nearest.map((n) => n.id))).map((r) => [Number(r[kind.idColumn]), r]));
  const found = nearest.filter((n) => rows.has(n.id));
  const answers = await withPictureFields(ctx, kindName, clientId, found.map((n) => kind.present(rows.get(n.id)!, ctx.locale)), (_, i) => found[i]!.id);
  return { records: answers.map((a, i) => ({ ...a, distance: found[i]!.distance })) };
}
