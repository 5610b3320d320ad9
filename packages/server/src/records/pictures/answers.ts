import { translate, type ImageMatch, type ImageStatus, type MessageKey } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { isAnalyst } from '../core/visibility.js';
import { isPictureKind, picturesOfRecords, type PictureAnswerRow } from './picture-queries.js';

/**
 * The picture fields of record answers (get-record, search-records; spec README "Pictures"): the state of the
 * listing picture, why it failed, and its matches with a score and a reason in the reader's language. One query
 * for all the rows of a page. A client user's answers name only their company's posted records (the other
 * listings of a shared picture that are not posted are left out).
 */

export interface PictureFields {
  imageStatus: ImageStatus;
  imageFailure: string | null;
  imageMatches: ImageMatch[];
}

/** 0-100 from a pHash distance: 100 when equal, 0 at 32 bits (what two unrelated pictures differ by on average). */
export const scoreOf = (distance: number) => Math.max(0, Math.min(100, Math.round(100 - (distance * 100) / 32)));

/** The picture fields of the records of a kind, by record id (records without a picture address are not in it). */
export async function pictureFields(ctx: AuthedContext, kind: string, clientId: number, recordIds: number[]): Promise<Map<number, PictureFields>> {
  const out = new Map<number, PictureFields>();
  if (!isPictureKind(kind)) return out;
  const analyst = isAnalyst(ctx);
  for (const row of await picturesOfRecords(ctx.db, kind, clientId, recordIds)) {
    let fields = out.get(row.record_id);
    if (!fields) {
      const failure = row.state === 'failed' ? translate(ctx.locale, `picture.failed.${row.reason ?? 'unreadable'}` as MessageKey) : null;
      fields = { imageStatus: row.state, imageFailure: failure, imageMatches: [] };
      out.set(row.record_id, fields);
    }
    const match = matchOf(ctx, row, analyst);
    if (match) fields.imageMatches.push(match);
  }
  return out;
}

function matchOf(ctx: AuthedContext, row: PictureAnswerRow, analyst: boolean): ImageMatch | null {
  if (row.match_kind === 'wordmark') return wordMarkOf(ctx, row);
  if (row.match_kind === 'logo') return logoOf(ctx, row);
  if (row.match_kind === null || row.phash_distance === null) return null;
  const distance = row.phash_distance;
  if (row.match_kind === 'same-photo' && row.photo_id !== null) {
    const photo = row.photo_brand ? `“${row.photo_brand}” (${row.photo_name})` : `“${row.photo_name}”`;
    return { kind: 'same-photo', refId: row.photo_id, score: scoreOf(distance), reason: translate(ctx.locale, 'picture.samePhoto', { photo, distance, confirm: row.dhash_distance ?? 0 }) };
  }
  if (row.match_kind === 'shared-photo' && row.other_record_id !== null && (analyst || row.other_published)) {
    const seller = row.other_seller?.trim() || translate(ctx.locale, 'picture.sellerUnknown');
    return { kind: 'shared-photo', refId: row.other_record_id, score: scoreOf(distance), reason: translate(ctx.locale, 'picture.sharedPhoto', { recordId: row.other_record_id, seller, distance }) };
  }
  return null;
}

/**
 * A word mark read in the picture: the trademark (refId its id) or, for a brand name kept without one, the brand
 * (refId the brand's id). OCR gives no distance; the score says the word was read whole.
 */
function wordMarkOf(ctx: AuthedContext, row: PictureAnswerRow): ImageMatch | null {
  const found = row.found_text ?? '';
  if (row.trademark_id !== null) {
    const params = { word: row.trademark_text ?? '', no: row.trademark_no ?? '', region: row.trademark_region ?? '', found };
    return { kind: 'wordmark', refId: row.trademark_id, score: 100, reason: translate(ctx.locale, 'picture.wordmark', params) };
  }
  if (row.brand_id !== null) return { kind: 'wordmark', refId: row.brand_id, score: 100, reason: translate(ctx.locale, 'picture.brandWord', { word: row.brand_name ?? '', found }) };
  return null;
}

const PLACES = [
  ['topLeft', 'top', 'topRight'],
  ['left', 'middle', 'right'],
  ['bottomLeft', 'bottom', 'bottomRight'],
] as const;

/** Where a box's middle is, in thirds of the picture each way ("top left" … "bottom right"). */
export function placeOf(box: { x: number; y: number; w: number; h: number }): (typeof PLACES)[number][number] {
  const third = (v: number) => Math.max(0, Math.min(2, Math.floor(v * 3)));
  return PLACES[third(box.y + box.h / 2)]![third(box.x + box.w / 2)]!;
}

/** A design mark seen in the picture: the trademark (refId its id), its score and where (logo.ts). */
function logoOf(ctx: AuthedContext, row: PictureAnswerRow): ImageMatch | null {
  if (row.trademark_id === null || row.score === null || row.box_x === null || row.box_y === null || row.box_w === null || row.box_h === null) return null;
  const box = { x: row.box_x, y: row.box_y, w: row.box_w, h: row.box_h };
  const place = translate(ctx.locale, `picture.place.${placeOf(box)}`);
  const params = { no: row.trademark_no ?? '', region: row.trademark_region ?? '', place, score: row.score };
  const match: ImageMatch = { kind: 'logo', refId: row.trademark_id, score: row.score, reason: translate(ctx.locale, 'picture.logo', params), box };
  return row.trademark_image ? { ...match, image: row.trademark_image } : match;
}

/** The answers with their picture fields (those of records without a picture address unchanged). */
export async function withPictureFields<A>(ctx: AuthedContext, kind: string, clientId: number, answers: A[], idOf: (a: A, index: number) => number): Promise<A[]> {
  const fields = await pictureFields(ctx, kind, clientId, answers.map(idOf));
  return answers.map((a, i) => ({ ...(a as object), ...fields.get(idOf(a, i)) }) as A);
}
