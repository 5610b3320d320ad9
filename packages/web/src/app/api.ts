import { ErrorCode, type CallInput, type CallOutput, type CallPath } from '@portal/contract';
import i18n, { currentLocale } from './i18n';
import { clearSession, getToken } from './token';

/** A call that answered with a non-zero code; `message` is the server's text, already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Spec section 9: long, because report uploads and exports can take minutes. */
const TIMEOUT_MS = 600_000;
/** Codes for failures that never reached the server's envelope. */
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

/**
 * The one way to call the server: POST JSON to a path of the contract, typed by its schemas.
 * Resolves with `data` when code is 0; rejects with an ApiError otherwise. A 401 ends the session.
 */
export async function api<P extends CallPath>(path: P, input: CallInput<P>): Promise<CallOutput<P>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': currentLocale(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(NETWORK_ERROR, i18n.t(timedOut ? 'error.timeout' : 'error.network'), 0);
  }

  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401) {
    clearSession();
    const message = isEnvelope(body) ? body.message : i18n.t('contract:error.unauthenticated');
    throw new ApiError(ErrorCode.UNAUTHENTICATED, message, 401);
  }
  if (!isEnvelope(body)) {
    throw new ApiError(response.status, i18n.t('error.server', { status: response.status }), response.status);
  }
  if (body.code !== ErrorCode.OK) throw new ApiError(body.code, body.message, response.status);
  // The answer's shape is the contract's; re-validating it here would only duplicate the server's work.
  return body.data as CallOutput<P>;
}

/** The text to show for any failure of a call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
