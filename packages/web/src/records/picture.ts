import { downloadHref, type Evidence, type EvidenceKind } from '@portal/contract';

/**
 * Which picture a record shows (issue 18): the listing's own image (its image URL, fetched by the portal so the
 * browser never calls the marketplace and the private-network rule holds), else the newest finished capture, else
 * the first uploaded screenshot. The detail tries them in that order, moving on when one fails to load.
 */
/** The file of a capture: the PNG shown, the HTML only ever downloaded (never rendered on the portal). */
export function captureFileUrl(clientId: number, id: number, part: 'png' | 'html'): string {
  return downloadHref('/api/evidence/file', { clientId, id, part });
}

export type PictureSource = 'image' | 'capture' | 'screenshot';

export interface PictureCandidate {
  source: PictureSource;
  src: string;
  /** What the preview opens: the whole capture rather than its top. */
  full: string;
}

/** What a kind's record offers for its picture (the kind's detail part `picture`). */
export interface RecordPictureParts {
  /** The listing's image URL as scraped ('' for none). */
  imageUrl: string;
  /** The uploaded screenshots' addresses, first shown first. */
  screenshots: readonly string[];
}

export type ThumbnailSize = 'small' | 'large';

/**
 * The portal's picture of a record: `from` one source (the image URL, the newest capture) or whichever comes first.
 * `version` (the capture's id) makes a new capture a new address, past the browser's cache of the old one.
 */
export function thumbnailUrl(kind: EvidenceKind, clientId: number, recordId: number, size: ThumbnailSize = 'small', from: 'any' | 'image' | 'capture' = 'any', version?: number): string {
  // The defaults are left out, so a list's thumbnails share one address per record.
  return downloadHref('/api/records/thumbnail', { clientId, kind, recordId, size: size === 'small' ? undefined : size, from: from === 'any' ? undefined : from, v: version });
}

/**
 * A list row's thumbnail address, or null when the record has no picture (the list answer's `pictured` ids): such a
 * row shows the placeholder and asks nothing, since the portal could only answer 404 (issue 35: no error noise).
 */
export function listThumbnailUrl(kind: EvidenceKind, clientId: number, recordId: number, pictured: ReadonlySet<number>): string | null {
  return pictured.has(recordId) ? thumbnailUrl(kind, clientId, recordId) : null;
}

const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url.trim());

/** The newest capture that finished with a picture (captures come newest first; the order is not trusted here). */
export function newestCapture(captures: readonly Evidence[]): Evidence | null {
  let newest: Evidence | null = null;
  for (const e of captures) {
    if (e.state !== 'done' || !e.sha256Png) continue;
    if (!newest || Date.parse(e.capturedAt) > Date.parse(newest.capturedAt) || (e.capturedAt === newest.capturedAt && e.id > newest.id)) newest = e;
  }
  return newest;
}

export function pictureCandidates(args: { kind: EvidenceKind; clientId: number; recordId: number; parts: RecordPictureParts; captures: readonly Evidence[] }): PictureCandidate[] {
  const { kind, clientId, recordId, parts, captures } = args;
  const list: PictureCandidate[] = [];
  if (isWebAddress(parts.imageUrl)) {
    const src = thumbnailUrl(kind, clientId, recordId, 'large', 'image');
    list.push({ source: 'image', src, full: src });
  }
  // A full-page capture is a tall strip in a picture's frame: its top, made small by the portal; the preview shows it whole.
  const capture = newestCapture(captures);
  if (capture) list.push({ source: 'capture', src: thumbnailUrl(kind, clientId, recordId, 'large', 'capture', capture.id), full: captureFileUrl(clientId, capture.id, 'png') });
  const shot = parts.screenshots[0];
  if (shot) list.push({ source: 'screenshot', src: shot, full: shot });
  return list;
}
