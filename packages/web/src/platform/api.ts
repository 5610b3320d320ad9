import type { CallInput, CallOutput, CallPath } from '@portal/contract';
import { TIMEOUT_MS, callHeaders, networkError, parseBody, readAnswer } from './envelope';

export { ApiError } from './envelope';

/**
 * The one way to call the server: POST JSON to a path of the contract, typed by its schemas.
 * Resolves with `data` when code is 0; rejects with an ApiError otherwise. A 401 ends the session.
 * Files go through `upload` (upload.ts), which shares the envelope handling.
 */
export async function api<P extends CallPath>(path: P, input: CallInput<P>): Promise<CallOutput<P>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...callHeaders() },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw networkError(error instanceof DOMException && error.name === 'TimeoutError');
  }
  const body = parseBody(await response.text().catch(() => ''));
  return readAnswer<P>(response.status, body);
}

/** The text to show for any failure of a call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
