import { ErrorCode, type CallOutput, type CallPath } from '@portal/contract/shell';
import i18n, { currentLocale } from './i18n';
import { clearSession, getToken } from './token';

/**
 * What every call shares, whatever carries it (fetch in api.ts, XMLHttpRequest in upload.ts): the headers it sends,
 * how its envelope is read, and the error it fails with.
 */

/**
 * A call that answered with a non-zero code; `message` is the server's text, already in the user's language.
 * `data` is the answer's `data` when it carried one (a refused spreadsheet lists its problems there), else undefined.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Spec section 9: long, because report uploads and exports can take minutes. */
export const TIMEOUT_MS = 600_000;
/** The code of a failure that never reached the server's envelope. */
const NETWORK_ERROR = -1;

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  return 'code' in body && typeof body.code === 'number' && 'message' in body && typeof body.message === 'string';
}

/** The language and, when signed in, the token; the caller adds its Content-Type if it has one. */
export function callHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A call that never got an answer: the connection failed or the server took longer than TIMEOUT_MS. */
export function networkError(timedOut: boolean): ApiError {
  return new ApiError(NETWORK_ERROR, i18n.t(timedOut ? 'error.timeout' : 'error.network'), 0);
}

/** The parsed body of an answer (null when it was not JSON). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Reads an answer: `data` when its code is 0; otherwise an ApiError. A 401 ends the session first.
 * The answer's shape is the contract's; re-validating it here would only duplicate the server's work.
 */
export function readAnswer<P extends CallPath>(status: number, body: unknown): CallOutput<P> {
  if (status === 401) {
    clearSession();
    const message = isEnvelope(body) ? body.message : i18n.t('contract:error.unauthenticated');
    throw new ApiError(ErrorCode.UNAUTHENTICATED, message, 401);
  }
  if (!isEnvelope(body)) throw new ApiError(status, i18n.t('error.server', { status }), status);
  if (body.code !== ErrorCode.OK) throw new ApiError(body.code, body.message, status, body.data ?? undefined);
  return body.data as CallOutput<P>;
}
