import type { DownloadQuery } from '@portal/contract';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { fileBytes } from '../../platform/files.js';
import { decodeImageHeader } from '../../platform/images.js';
import { safeFetch } from '../../platform/outbound/index.js';
import { shrinkPng } from '../../platform/png-shrink.js';
import { visibleTo } from '../core/visibility-queries.js';
import { RECORD_TABLES, type KindName } from '../core/tables.js';
import { pictureSources, type Sources } from './thumbnail-queries.js';
import { ThumbnailCache, type Picture } from './thumbnail-cache.js';

/**
 * GET /api/records/thumbnail?clientId=&kind=ec|ws|sns&recordId=&size=small|large&from=any|image|capture (issue 18):
 * a record's picture for the lists and the detail, fetched by the portal so the browser never calls a marketplace
 * (no referrer, no tracking, no mixed content) and the crawler's private-network rule holds: the listing's image
 * URL through the outbound guard (public addresses only unless CRAWLER_ALLOW_PRIVATE or an allowed origin; 5 MB;
 * 4 s for a list's picture, 10 s for the detail's; only PNG, JPEG, GIF or WebP by their bytes), else the newest
 * done capture's PNG, else the first uploaded screenshot (EC). `from=image` or `from=capture` asks for that one
 * only (the detail tries them in turn). PNGs are made small here (png-shrink.ts; the others are served as fetched:
 * the project has no image library), and every answer is kept in a memory LRU (thumbnail-cache.ts). Whoever may
 * see the record may see its picture; anything else, and a picture that cannot be had, is a 404 with a message,
 * never a 5xx.
 */

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Time allowed for an image URL: a list's pictures share the browser's few connections to the portal with its
 * calls, so a slow marketplace must not hold them long (the detail's one picture may wait longer).
 */
const FETCH_TIMEOUT_MS = { small: 4_000, large: 10_000 } as const;
/** The list's cell shows 32 px; twice that for sharp screens, and room for a wide picture. */
const BOXES = { small: { maxWidth: 128, maxHeight: 96, maxRatio: 1 }, large: { maxWidth: 720, maxHeight: 720, maxRatio: 1.5 } } as const;
type Size = keyof typeof BOXES;
/** The browser may keep a picture a while: a record's image rarely changes, and a new capture is a new record page. */
const BROWSER_CACHE = 'private, max-age=600';

const cache = new ThumbnailCache();

/** The kind of the bytes by their header: the four types a browser shows everywhere. */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (bytes.length >= 16 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16)) ? 'image/webp' : null;
  }
  const check = decodeImageHeader(bytes);
  if (!check.ok || check.image.type === 'bmp') return null;
  return `image/${check.image.type}`;
}

async function small(bytes: Buffer, size: Size): Promise<Picture | null> {
  const type = sniffImage(bytes);
  if (!type) return null;
  if (type === 'image/png') {
    const shrunk = await shrinkPng(bytes, BOXES[size]);
    if (shrunk) return { type, bytes: shrunk.png };
  }
  return { type, bytes };
}

async function fromUrl(ctx: AuthedContext, url: string, size: Size): Promise<Picture | null> {
  const policy = ctx.services.config.capture;
  const extra = (process.env.CRAWLER_ALLOW_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  try {
    const res = await safeFetch(url.trim(), {
      allowPrivate: policy.allowPrivate,
      allowOrigins: [...policy.allowOrigins, ...extra],
      maxBytes: THUMBNAIL_MAX_BYTES,
      totalTimeoutMs: FETCH_TIMEOUT_MS[size],
      headersTimeoutMs: FETCH_TIMEOUT_MS[size],
      bodyTimeoutMs: FETCH_TIMEOUT_MS[size],
      headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' },
    });
    const declared = (res.headers['content-type'] ?? '').toLowerCase();
    // A declared page or script is not a picture, whatever its bytes; a missing or generic type is judged by them.
    if (res.status !== 200 || (declared && !declared.startsWith('image/') && !declared.startsWith('application/octet-stream'))) return null;
    return await small(res.body, size);
  } catch (err) {
    ctx.log.info({ err: (err as Error).message }, 'thumbnail fetch refused or failed');
    return null;
  }
}

async function fromFile(ctx: AuthedContext, name: string, size: Size): Promise<Picture | null> {
  const bytes = await fileBytes(ctx.db, name);
  return bytes ? small(bytes, size) : null;
}

async function sourcesOf(ctx: AuthedContext, kind: KindName, clientId: number, recordId: number): Promise<Sources | undefined> {
  return pictureSources(ctx.db, kind, recordId, visibleTo(ctx, clientId, RECORD_TABLES[kind].records));
}

export async function serveThumbnail(ctx: AuthedContext, query: DownloadQuery<'/api/records/thumbnail'>): Promise<DownloadAnswer> {
  const { clientId, recordId, kind } = query;
  const size: Size = query.size ?? 'small';
  const from = query.from ?? 'any';
  const sources = await sourcesOf(ctx, kind, clientId, recordId);
  if (!sources) throw new AppError('noPicture');

  const tries: Array<{ key: string; get: () => Promise<Picture | null> }> = [];
  const url = sources.image_url.trim();
  if (from !== 'capture' && /^https?:\/\//i.test(url)) tries.push({ key: `url:${url}`, get: () => fromUrl(ctx, url, size) });
  if (from !== 'image' && sources.capture_file) tries.push({ key: `file:${sources.capture_file}`, get: () => fromFile(ctx, sources.capture_file!, size) });
  const shot = sources.shots.split(',').find((n) => n !== '');
  if (from === 'any' && shot) tries.push({ key: `file:${shot}`, get: () => fromFile(ctx, shot, size) });
  for (const attempt of tries) {
    const picture = await cache.get(`${attempt.key}|${size}`, attempt.get);
    if (picture) return { contentType: picture.type, body: picture.bytes, cacheControl: BROWSER_CACHE };
  }
  throw new AppError('noPicture');
}
