import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** Every error answer: a non-zero stable code (components['schemas']['ErrorCode']), a message and details or null. */
export type ErrorAnswer = components['schemas']['ErrorAnswer'];
export type PortalClient = Client<paths>;

export interface PortalClientOptions {
  /** The portal's address, e.g. https://portal.example.com (the document's server). */
  baseUrl: string;
  /** A personal API key (Profile → API keys); sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** The language of the answers' messages (default en). */
  locale?: 'en' | 'ja';
  /** Another fetch (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

/**
 * A client typed by the portal's API document: `client.POST('/api/ec-data/search-records', { body })` checks the
 * path, the payload and the answer at compile time. Every call is a POST with a JSON body (uploads: multipart, see
 * formData); downloads are GETs (see fileOf).
 */
export function createPortalClient(opts: PortalClientOptions): PortalClient {
  return createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${opts.apiKey}`, 'accept-language': opts.locale ?? 'en' },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
}

/** An error answer: HTTP 4xx/5xx, or HTTP 200 with a non-zero code (a business failure such as a refused file). */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Details (the problems of a refused spreadsheet), or null. */
    readonly data: unknown,
  ) {
    super(`${code}: ${message}`);
    this.name = 'PortalError';
  }
}

interface Answer {
  code: number;
  message: string;
  data: unknown;
}

/**
 * The `data` of a successful call (code 0), typed by the call; throws PortalError for any error answer.
 *   const { user } = dataOf(await client.POST('/api/user/userinfo', { body: {} }));
 */
export function dataOf<D extends Answer, E>(result: { data?: D; error?: E; response: Response }): Extract<D, { code: 0 }>['data'] {
  const answer = (result.data ?? result.error) as Answer | undefined;
  if (!answer || typeof answer.code !== 'number') throw new PortalError(result.response.status, result.response.status, 'not an answer of the portal', null);
  if (result.response.ok && answer.code === 0) return answer.data as Extract<D, { code: 0 }>['data'];
  throw new PortalError(result.response.status, answer.code, answer.message, answer.data ?? null);
}

/**
 * The body serializer of an upload: the payload's fields as text parts, then the file as the part named `file`.
 *   client.POST('/api/ec-report/upload-report', { body: { clientId, file }, bodySerializer: formData })
 */
export function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const files: [string, Blob][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) files.push([name, value]);
    else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const [name, blob] of files) form.append(name, blob, blob instanceof File ? blob.name : name);
  return form;
}

/** A downloaded file: its bytes, type and the name the portal offers it under. */
export interface DownloadedFile {
  contentType: string;
  fileName: string | undefined;
  bytes: Uint8Array;
}

/**
 * The file of a download (a GET made with `parseAs: 'blob'`); throws PortalError when the portal answered an error
 * instead (as JSON, with HTTP 200 for a business failure such as an unknown object).
 *   const file = await fileOf(await client.GET('/api/ec-data/export-search-result', { params: { query }, parseAs: 'blob' }));
 */
export async function fileOf(result: { data?: Blob; error?: unknown; response: Response }): Promise<DownloadedFile> {
  const contentType = result.response.headers.get('content-type') ?? '';
  if (!result.response.ok || contentType.startsWith('application/json')) {
    const blob = result.data ?? (result.error instanceof Blob ? result.error : undefined);
    const answer = (blob ? JSON.parse(await blob.text()) : result.error) as Answer | undefined;
    throw new PortalError(result.response.status, answer?.code ?? result.response.status, answer?.message ?? 'download failed', answer?.data ?? null);
  }
  const disposition = result.response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { contentType, fileName: encoded ? decodeURIComponent(encoded) : undefined, bytes: new Uint8Array(await result.data!.arrayBuffer()) };
}
