import type { CallOutput, CallPath } from '@portal/contract';
import { TIMEOUT_MS, callHeaders, networkError, parseBody, readAnswer } from './envelope';

export interface UploadOptions {
  /** 0-100 as the request body goes out (the answer may still take a moment after 100). */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
}

/**
 * The one multipart call: the text fields first (undefined ones left out), then the file as the `file` part (several
 * files: one `file` part each, as upload-genuine-photos takes them).
 * XMLHttpRequest rather than fetch, for the upload progress. Same headers and envelope handling as `api`.
 */
export function upload<P extends CallPath>(
  path: P,
  fields: Record<string, string | number | undefined>,
  file: File | Blob | readonly File[] | null,
  opts: UploadOptions = {},
): Promise<CallOutput<P>> {
  const { onProgress, signal } = opts;
  return new Promise<CallOutput<P>>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) form.append(name, String(value));
    }
    const files = file === null ? [] : file instanceof Blob ? [file] : file;
    for (const f of files) form.append('file', f, f instanceof File ? f.name : 'file');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);
    xhr.timeout = TIMEOUT_MS;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (finish: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    xhr.onload = () =>
      settle(() => {
        try {
          resolve(readAnswer<P>(xhr.status, parseBody(xhr.responseText)));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    xhr.onerror = () => settle(() => reject(networkError(false)));
    xhr.ontimeout = () => settle(() => reject(networkError(true)));
    xhr.onabort = () => settle(() => reject(aborted()));
    xhr.send(form);
  });
}
