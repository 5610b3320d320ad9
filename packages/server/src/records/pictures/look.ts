import type { Services } from '../../platform/context.js';
import { OutboundError, safeFetch, type OutboundPolicy } from '../../platform/outbound/index.js';
import { fingerprint, PictureError, type Fingerprint, type Hashes } from './fingerprint.js';
import { findLogos, type FoundLogo, type PreparedLogo } from './logo.js';
import { insertLogos, logosOf } from './logo-queries.js';
import { readText } from './ocr.js';
import { insertWordMarks, keepUnread, marksVersionOf, matchPicture, pendingPictures, settlePicture, syncPictures, unreadPictures, wordMarksOf, type PendingPicture, type PictureKind } from './picture-queries.js';
import { sniffImage } from './thumbnail.js';
import { findWordMarks, type FoundWordMark, type WordMark } from './wordmark.js';

/**
 * Looking at the listing pictures of a client's records of one kind (issue 31 point 2): every record whose picture
 * address is new or changed gets a pending row; each is fetched through the outbound guard (the crawler's
 * private-address rule, 10 MB, 15 s), checked to be a picture by its bytes (a page posing as a picture is not
 * one), decoded within sharp's pixel limit, fingerprinted, and matched. A picture that cannot be had is marked
 * failed with why; it never blocks its record or the others. Rows are the truth, so a run repeated or retried after
 * a crash does no harm.
 */

export const PICTURE_MAX_FETCH_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
/** Pictures taken per round, and fetched side by side within it (marketplaces answer slowly, sharp decodes fast). */
const BATCH = 16;
const PARALLEL = 4;

/** Why a picture has no fingerprint: the outbound guard's code, or what its bytes turned out to be. */
export type LookFailure = OutboundError['code'] | 'http' | 'not_a_picture' | 'too_many_pixels' | 'unreadable';

/** Where pictures may be fetched from: public addresses, or the allowed exceptions (tests, the demo market). */
export const picturePolicy = (services: Services): OutboundPolicy => ({
  allowPrivate: services.config.capture.allowPrivate,
  allowOrigins: [...services.config.capture.allowOrigins, ...services.config.crawler.allowOrigins],
});

/**
 * What looking at a picture found: its fingerprints (no upper part's when kept from a look before migration 049)
 * and, when it was read (fetched now), the word marks and logos it shows.
 */
export type Look = Hashes & { upper: Hashes | null; words?: FoundWordMark[]; logos?: FoundLogo[] };

/** What a fetched picture is read for: the client's word marks and logos (prepared once per run). */
export interface Reading {
  marks: WordMark[];
  logos: PreparedLogo[];
  log: Services['log'];
}

/**
 * The word marks a picture shows (ocr.ts, wordmark.ts); none when the client has none or the reading failed: a
 * failed reading is logged and never fails the picture.
 */
async function wordsIn(bytes: Buffer, marks: WordMark[], log: Services['log']): Promise<FoundWordMark[]> {
  if (marks.length === 0) return [];
  try {
    const text = await readText(bytes, (t) => findWordMarks(t, marks).length > 0);
    if (text === null) log.warn('picture text could not be read in time');
    return text === null ? [] : findWordMarks(text, marks);
  } catch (err) {
    log.warn({ err }, 'picture text could not be read');
    return [];
  }
}

/** The client's logos the picture shows (logo.ts); none when the search failed: it is logged and never fails the picture. */
async function logosIn(bytes: Buffer, logos: PreparedLogo[], log: Services['log']): Promise<FoundLogo[]> {
  if (logos.length === 0) return [];
  try {
    return await findLogos(bytes, logos);
  } catch (err) {
    log.warn({ err }, 'picture could not be searched for logos');
    return [];
  }
}

/** The fingerprints of the picture at `url` and the word marks and logos it shows, or why there are none. */
export async function lookAt(url: string, policy: OutboundPolicy, read?: Reading): Promise<Look | { reason: LookFailure }> {
  let body: Buffer;
  try {
    const res = await safeFetch(url, {
      ...policy,
      maxBytes: PICTURE_MAX_FETCH_BYTES,
      totalTimeoutMs: FETCH_TIMEOUT_MS,
      headersTimeoutMs: FETCH_TIMEOUT_MS,
      bodyTimeoutMs: FETCH_TIMEOUT_MS,
      headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' },
    });
    if (res.status !== 200) return { reason: 'http' };
    const declared = (res.headers['content-type'] ?? '').toLowerCase();
    // A declared page or script is not a picture, whatever its bytes; a missing or generic type is judged by them.
    if (declared && !declared.startsWith('image/') && !declared.startsWith('application/octet-stream')) return { reason: 'not_a_picture' };
    body = res.body;
  } catch (err) {
    if (err instanceof OutboundError) return { reason: err.code };
    return { reason: 'network' };
  }
  if (!sniffImage(body)) return { reason: 'not_a_picture' };
  let prints: Fingerprint;
  try {
    prints = await fingerprint(body);
  } catch (err) {
    if (err instanceof PictureError) return { reason: err.reason === 'too-many-pixels' ? 'too_many_pixels' : 'unreadable' };
    throw err;
  }
  return read ? { ...prints, words: await wordsIn(body, read.marks, read.log), logos: await logosIn(body, read.logos, read.log) } : prints;
}

/** The fingerprints a pending picture kept from its last look. */
const kept = (p: PendingPicture): Look => ({ phash: p.phash!, dhash: p.dhash!, upper: p.upper_phash && p.upper_dhash ? { phash: p.upper_phash, dhash: p.upper_dhash } : null });

/** The queue's job: brings the client's pictures of the kind in line, then looks at every pending one. */
export async function lookAtPictures(services: Services, clientId: number, kind: PictureKind, policy = picturePolicy(services)): Promise<{ done: number; failed: number }> {
  const counts = { done: 0, failed: 0 };
  const pending = await syncPictures(services.db, clientId, kind);
  // The version first, then the marks (picture-queries.ts marksVersionOf).
  const version = await marksVersionOf(services.db, clientId);
  // Nothing new and nothing to read again: the logos' templates are not worth preparing.
  if (!pending && (await unreadPictures(services.db, clientId, kind, version, 1)).length === 0) return counts;
  const read: Reading = { marks: await wordMarksOf(services.db, clientId), logos: await logosOf(services.db, clientId, services.log), log: services.log };
  for (;;) {
    // New and changed pictures first, then the ones read before the client's marks last changed.
    let batch = await pendingPictures(services.db, clientId, kind, BATCH);
    const again = batch.length === 0;
    if (again) batch = await unreadPictures(services.db, clientId, kind, version, BATCH);
    if (batch.length === 0) return counts;
    const outcomes: (Look | { reason: LookFailure })[] = [];
    // A picture with its fingerprints kept is only matched again (pendingPictures), its word marks and logos kept;
    // the others are fetched and read.
    const look = (p: PendingPicture) => (p.phash && p.dhash ? Promise.resolve(kept(p)) : lookAt(p.url, policy, read));
    for (let i = 0; i < batch.length; i += PARALLEL) outcomes.push(...(await Promise.all(batch.slice(i, i + PARALLEL).map(look))));
    const now = services.clock();
    await services.db.transaction().execute(async (tx) => {
      for (const [i, picture] of batch.entries()) {
        const outcome = outcomes[i]!;
        if (again && 'reason' in outcome) {
          await keepUnread(tx, picture.picture_id, version);
          continue;
        }
        await settlePicture(tx, picture.picture_id, now, outcome, version);
        if ('reason' in outcome) counts.failed += 1;
        else {
          counts.done += 1;
          await matchPicture(tx, clientId, kind, picture.picture_id, outcome);
          if (outcome.words) await insertWordMarks(tx, picture.picture_id, outcome.words);
          if (outcome.logos) await insertLogos(tx, picture.picture_id, outcome.logos);
        }
      }
    });
    services.log.info({ clientId, kind, ...counts }, 'listing pictures looked at');
  }
}
