import { SERIAL_ID_MAX, id, unstorableTextPath, type Locale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import { fieldLabel } from './validate.js';

/**
 * Defences every call gets at the HTTP boundary, before a schema, a tenant check or any SQL sees the payload:
 * a nesting limit on JSON bodies (validation recurses, so 5,000 nested arrays would overflow the stack), text that
 * PostgreSQL can store, and a tenant id that is a real id.
 */

/** No call's payload nests deeper than a few levels; 32 leaves room and stays far from any stack limit. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype-poisoning keys refused), behind the depth limit. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body: string, done) => {
    if (typeof body === 'string' && jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
      done(new AppError('tooDeep', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(req, body, done);
  });
}

/** Refuses a payload holding text that cannot be stored, naming the field (keys count: some become jsonb keys). */
export function assertStorableText(body: unknown, locale: Locale): void {
  const path = unstorableTextPath(body);
  if (path) throw new AppError('badRequest', { field: fieldLabel(path, locale) }, 'validation.textUnstorable');
}

/**
 * The client id a payload names, checked as an id before the tenancy rule looks it up (multipart fields are
 * text, so digits are accepted there). Anything else is a malformed request, not another company's id.
 */
export function tenantIdOf(raw: unknown, field: string, locale: Locale): number {
  const value = typeof raw === 'string' && /^\s*\d{1,16}\s*$/.test(raw) ? Number(raw) : raw;
  const parsed = id.safeParse(value);
  if (!parsed.success) throw new AppError('badRequest', { field: fieldLabel([field], locale) }, 'validation.idInvalid');
  return parsed.data;
}

/** An id in a download's query string (text): digits naming a row that can exist, else null. */
export function queryId(value: string | undefined, max: number = SERIAL_ID_MAX): number | null {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}
