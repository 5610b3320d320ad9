import { z } from 'zod';
import { id, recordId } from './validation.js';

/**
 * The query parameters of the GET downloads (downloads.ts). A URL carries text only, so each parameter is a schema
 * of text that reads into its typed value (an id, a list of ids, an enum, JSON): the server validates with it, the
 * API document describes the text form (its input side) from it, and downloadHref writes a value back the one way
 * these schemas read it (see `paramText`):
 * - text and enums as they are; numbers as decimal digits;
 * - a list of numbers comma-separated (`ids=1,2,3`);
 * - anything else (objects, lists of objects) as JSON.
 */

/** An id as digits; the contract's id rule (positive, within a serial column) then applies, with its message. */
export const idParam = z
  .string()
  .regex(/^\d{1,16}$/, 'validation.idInvalid')
  .transform(Number)
  .pipe(id);

/** A record id (bigserial) as digits. */
export const recordIdParam = z
  .string()
  .regex(/^\d{1,16}$/, 'validation.idInvalid')
  .transform(Number)
  .pipe(recordId);

/** Comma-separated ids (`1,2,3`; a repeated parameter arrives joined the same way). */
export function idListParam<T extends z.ZodType<unknown[], number[]>>(list: T) {
  return z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter((x) => x !== '').map((x) => (/^\d{1,16}$/.test(x) ? Number(x) : NaN)))
    .pipe(list);
}

/** Schemas carried as JSON text, by their parameter: the API document describes the JSON itself. */
const jsonContent = new WeakMap<z.ZodType, z.ZodType>();

/** A parameter holding JSON text that reads into `inner` (unreadable JSON is "not valid", naming the parameter). */
export function jsonParam<T extends z.ZodType>(inner: T) {
  const param = z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: text });
        return z.NEVER;
      }
    })
    .pipe(inner);
  jsonContent.set(param, inner);
  return param;
}

/** The schema of the JSON a parameter carries (for the API document), or undefined for a plain parameter. */
export function jsonParamContent(param: z.ZodType): z.ZodType | undefined {
  const inner = param instanceof z.ZodOptional ? (param.unwrap() as z.ZodType) : param;
  return jsonContent.get(inner);
}

/** A value as downloadHref writes it in a URL, the way the parameters above read it back. */
export function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return value.join(',');
  return JSON.stringify(value);
}
