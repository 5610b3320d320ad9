import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the work going on (issue 33 point 4): an API request's, or the request's that queued the job
 * being worked. Every log line carries it (the logger's mixin), and a job queued while a request is served takes
 * it along (platform/queues.ts), so one id follows a call into the jobs it starts, across processes.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const runWithRequestId = <T>(requestId: string, work: () => T): T => storage.run({ requestId }, work);
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** What a balancer or client sent (`X-Request-Id`), when it is a sane token; otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && /^[A-Za-z0-9._:-]{1,100}$/.test(given) ? given : randomUUID();
}

/** The job payload's key carrying the request id; taken off again before the payload reaches its handler. */
export const JOB_REQUEST_ID = '_requestId';
