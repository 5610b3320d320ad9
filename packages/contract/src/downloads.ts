import { z } from 'zod';
import * as ecRecords from './ec-records.js';
import { EVIDENCE_KINDS } from './evidence.js';
import { EXPORT_TYPES } from './crawler-tasks.js';
import { idListParam, idParam, paramText, recordIdParam } from './query-params.js';
import * as snsRecords from './sns-records.js';
import { composeInput, EXPORT_FORMATS, takedownChannel } from './takedown.js';
import { id } from './validation.js';
import * as wsRecords from './ws-records.js';

/**
 * The GET downloads (files, pictures, spreadsheets), beside the calls of api.ts: each path with the schema of its
 * query string. The server reads a request's query with it (decodeDownloadQuery: a bad query is the usual 400 in the
 * user's language), the API document describes the parameters from it, and the browser writes its links with
 * downloadHref, so the query is encoded one way on both sides. Who may download what is declared with the handler
 * on the server, as for calls. The token never goes in the query: a browser's link is signed in by its cookie.
 */

const name = z.string().min(1, 'validation.required').max(100, 'validation.tooLong');
const recordKind = z.enum(EVIDENCE_KINDS, { error: 'validation.evidenceKind' });

/** A report of a client (download-report of every record kind). */
export const reportQuery = z.object({
  clientId: idParam.describe('The report\'s client.'),
  reportId: idParam.describe('The report id (from fetch-reports).'),
});
/** The upload template of a client (download-template of every record kind). */
export const templateQuery = z.object({ clientId: idParam.describe('The client the template is for.') });

export const downloads = {
  '/api/ec-data/export-search-result': { query: ecRecords.exportQuery },
  '/api/ws-data/export-search-result': { query: wsRecords.exportQuery },
  '/api/sns-data/export-search-result': { query: snsRecords.exportQuery },
  '/api/ec-report/download-report': { query: reportQuery },
  '/api/ws-report/download-report': { query: reportQuery },
  '/api/sns-report/download-report': { query: reportQuery },
  '/api/ec-report/download-template': { query: templateQuery },
  '/api/ws-report/download-template': { query: templateQuery },
  '/api/sns-report/download-template': { query: templateQuery },
  '/api/records/thumbnail': {
    query: z.object({
      clientId: idParam.describe('The record\'s client.'),
      kind: recordKind.describe('The record kind.'),
      recordId: recordIdParam.describe('The record id.'),
      size: z.enum(['small', 'large']).optional().describe('small (the lists\' thumbnail, default) or large (the detail\'s).'),
      from: z.enum(['any', 'image', 'capture']).optional().describe('Which source: image, capture, or any (default).'),
      v: idParam.optional().describe('Not read: a new number (the newest capture\'s id) makes a new address, past the browser\'s cache.'),
    }),
  },
  '/api/service-request/file': {
    query: z.object({ name: name.describe('The file\'s stored name (from service-request/get).') }),
  },
  '/api/ec-data/get-upload-pic': {
    query: z.object({
      clientId: idParam.describe('The record\'s client.'),
      recordId: recordIdParam.describe('The marketplace record id.'),
      name: name.describe('The picture\'s stored name (from get-record).'),
    }),
  },
  '/api/trademark/get-trademark-image': {
    query: z.object({
      name: name.describe('The image\'s stored name.'),
      clientId: idParam.optional().describe('The trademark\'s client, when known (checked against the image\'s).'),
    }),
  },
  '/api/client-settings/genuine-photo': {
    query: z.object({
      clientId: idParam.describe('The photo\'s client.'),
      photoId: idParam.describe('The genuine photo id (from fetch-genuine-photos).'),
    }),
  },
  '/api/takedown/export': {
    query: z.object({
      clientId: idParam.describe('The client whose records these are.'),
      kind: composeInput.shape.kind.describe('The record kind.'),
      channel: takedownChannel.describe('The takedown channel (as in compose).'),
      ids: idListParam(composeInput.shape.recordIds).describe('The record ids, comma-separated.'),
      format: z.enum(EXPORT_FORMATS, { error: 'validation.invalid' }).describe('docx, txt, or csv (batch channels only).'),
    }),
  },
  '/api/ec-crawler-command/download': {
    query: z.object({
      taskId: idParam.describe('The task id.'),
      exportType: z
        .enum(['1', '2', '3'], { error: 'validation.invalid' })
        .transform(Number)
        .pipe(z.union(EXPORT_TYPES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]))
        .describe('1 xlsx (upload template), 2 csv (every field), 3 evidence zip.'),
      subtaskIds: idListParam(z.array(id).max(1000)).optional().describe('Only these subtasks, comma-separated (default: all).'),
    }),
  },
  '/api/evidence/file': {
    query: z.object({
      clientId: idParam.describe('The client whose record was captured.'),
      id: idParam.describe('The capture id (from evidence/list).'),
      part: z.enum(['png', 'html'], { error: 'validation.invalid' }).describe('png for the screenshot, html for the page as served.'),
    }),
  },
  '/api/domain-watch/screenshot': {
    query: z.object({
      candidateId: idParam.describe('The look-alike domain candidate (from domain-watch/fetch-candidates, where `screenshot` is true).'),
    }),
  },
} as const;

export type DownloadPath = keyof typeof downloads;
/** What the server's handler receives: the query read and checked. */
export type DownloadQuery<P extends DownloadPath> = z.output<(typeof downloads)[P]['query']>;
/** What a link is written from: the same typed values (undefined ones are left out). */
export type DownloadParams<P extends DownloadPath> = z.output<(typeof downloads)[P]['query']>;

/** The same map, typed per path so that a generic path's schema reads into that path's query. */
const querySchemas: { readonly [P in DownloadPath]: { query: z.ZodType<DownloadQuery<P>, unknown> } } = downloads;

export const isDownloadPath = (path: string): path is DownloadPath => Object.hasOwn(downloads, path);

/** The link of a download: its path and query, each value written as the parameter's schema reads it. */
export function downloadHref<P extends DownloadPath>(path: P, params: DownloadParams<P>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) if (value !== undefined) query.set(key, paramText(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A download's query read with its schema: the text of a URL's query (`a=1&b=2`, with or without the `?`), its
 * URLSearchParams, or the parameters already split (a repeated parameter joined with commas).
 */
export function decodeDownloadQuery<P extends DownloadPath>(path: P, rawQuery: string | URLSearchParams | Readonly<Record<string, string>>): z.ZodSafeParseResult<DownloadQuery<P>> {
  const raw = typeof rawQuery === 'string' || rawQuery instanceof URLSearchParams ? joined(new URLSearchParams(rawQuery)) : rawQuery;
  return querySchemas[path].query.safeParse(raw);
}

function joined(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of new Set(params.keys())) out[key] = params.getAll(key).join(',');
  return out;
}
