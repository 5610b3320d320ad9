import fc from 'fast-check';
import { z } from 'zod';

/**
 * Payload generators for the property-based walk of the call registry. A call's zod schema is turned into its
 * JSON Schema (the same document /api/openapi.json serves), and that into a fast-check arbitrary of payloads the
 * schema accepts, most of the time: refinements do not survive the translation, so some generated payloads are
 * refused, which the walk counts as hostile cases. `hostile` mutates a valid payload the ways an attacker would.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type Payload = Record<string, unknown>;

export function schemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const isoDay = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Patterns the contract uses for dates and mails get real dates and mails; others are generated from the pattern. */
function patterned(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  if (pattern === '^\\d{4}-\\d{2}-\\d{2}$') return isoDay;
  if (pattern === '^\\d{4}-\\d{2}$') return isoDay.map((d) => d.slice(0, 7));
  if (pattern.includes('@')) return fc.emailAddress().filter((m) => m.length <= max);
  return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length >= min && s.length <= max);
}

function text(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  if (s.pattern) return patterned(s.pattern, min, max);
  const maxLength = Math.min(max, Math.max(min, 40));
  return fc.oneof(
    fc.string({ minLength: min, maxLength }),
    fc.string({ minLength: min, maxLength, unit: 'grapheme' }),
    fc.string({ minLength: min, maxLength, unit: 'grapheme' }).map((t) => t.trim()).filter((t) => t.length >= min),
  );
}

function numeric(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1_000_000);
  const upper = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1_000_000);
  if (integer) {
    // Small values find the rows a test made; the edges find overflows.
    return fc.oneof(fc.integer({ min: lower, max: Math.min(upper, lower + 50) }), fc.integer({ min: lower, max: Math.min(upper, Number.MAX_SAFE_INTEGER) }), fc.constant(Math.min(upper, Number.MAX_SAFE_INTEGER)));
  }
  return fc.double({ min: lower, max: upper, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values the JSON Schema describes. */
export function valueOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map(valueOf));
  if (s.allOf) return fc.tuple(...s.allOf.map(valueOf)).map((parts) => Object.assign({}, ...parts.filter((p) => typeof p === 'object')) as Payload);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = valueOf(v);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(s.items ? valueOf(s.items) : fc.jsonValue({ maxDepth: 1 }), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, Math.max(s.minItems ?? 0, 5)) });
    case 'string':
      return text(s);
    case 'integer':
      return numeric(s, true);
    case 'number':
      return numeric(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Top-level property names of a call's payload (through allOf), so the walk can point clientId at its own client. */
export function topLevelProperties(s: JsonSchema): string[] {
  const own = Object.keys(s.properties ?? {});
  return [...own, ...(s.allOf ?? []).flatMap(topLevelProperties)];
}

/** Numbers at the edges of every numeric type a database or JavaScript has. */
const edgeNumbers = [2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 2 ** 63, 2 ** 64, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 4_294_967_296, -1, 0, -0, 0.5, 1e-308, 1.7976931348623157e308];
/** Text that has broken servers: bytes a database refuses, broken unicode, injections, huge and empty text. */
const edgeTexts = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udfff\ud800', '😀'.repeat(2_000), '\u202eevil', 'a'.repeat(100_000),
  "'; DROP TABLE users; --", '%_\\', '<script>alert(1)</script>', '=1+1', '@SUM(A1)', '../../etc/passwd', '1e308', '9223372036854775808',
  '2026-02-30', '0000-00-00', '9999-99-99', 'NaN', '-Infinity', '__proto__', 'ａｂｃ０１２', '\r\n\t',
];
const edgeValues: unknown[] = [
  ...edgeNumbers,
  ...edgeTexts,
  null, true, false, [], {}, [[[[]]]], { a: { b: { c: 1 } } }, [null], Array.from({ length: 10_000 }, (_, i) => i),
  Array.from({ length: 1_000 }, () => 'x'.repeat(100)), { toString: 1, valueOf: 'x' },
];

/** One hostile change to a payload, as the object to send or as raw JSON text when JSON cannot express it otherwise. */
export type HostileCase = { body: unknown } | { raw: string };

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Hostile mutations of a valid payload: a field's value replaced or its type changed, extra and prototype keys, depth. */
export function hostile(valid: fc.Arbitrary<unknown>): fc.Arbitrary<HostileCase> {
  const withPayload = <T>(f: (p: Payload, extra: T) => HostileCase, extra: fc.Arbitrary<T>) =>
    fc.tuple(valid, extra).map(([p, e]) => f(typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as Payload) : {}, e));
  const someKey = (p: Payload, i: number) => {
    const keys = Object.keys(p);
    return keys.length > 0 ? keys[i % keys.length]! : 'clientId';
  };
  return fc.oneof(
    // A field's value swapped for an edge value or any JSON value.
    withPayload((p, [i, v]) => ({ body: { ...p, [someKey(p, i)]: v } }), fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...edgeValues), fc.jsonValue()))),
    // A field nested inside arrays and objects.
    withPayload((p, i) => ({ body: { ...p, [someKey(p, i)]: [{ [someKey(p, i)]: p[someKey(p, i)] }] } }), fc.nat()),
    // Extra keys, prototype keys (as raw JSON: JSON.stringify cannot write an own __proto__ key).
    withPayload((p, k) => ({ body: { ...p, [k]: 'extra' } }), fc.string()),
    withPayload((p, k) => ({ raw: `{"__proto__":{"isAdmin":true},${JSON.stringify(p).slice(1, -1) || '"x":1'},"${k}":{"constructor":{"prototype":{"polluted":1}}}}` }), fc.constantFrom('a', 'constructor')),
    // The whole body of the wrong shape, or nested far too deep (at a field and as the body).
    fc.constantFrom<HostileCase>({ body: null }, { body: [] }, { body: 'text' }, { body: 12 }, { raw: nested(5_000) }, { raw: '{"a":' + nested(5_000) + '}' }, { raw: '{' }, { raw: '' }),
    withPayload((p, i) => ({ raw: JSON.stringify({ ...p, [someKey(p, i)]: 0 }).replace(/:0([,}])/, `:${nested(3_000)}$1`) }), fc.nat()),
  );
}

/** Query parameters the downloads read, valid-looking or hostile, as a query string (some raw, as a browser never sends). */
export function downloadQuery(clientId: number): fc.Arbitrary<string> {
  const keys = ['clientId', 'reportId', 'recordId', 'id', 'name', 'search', 'kind', 'ids', 'keyword', 'searchType', 'startDate', 'endDate', 'dateFields', 'wordFields', 'whereFields', 'orderFields', 'filterErrorRecord', 'noticeId', 'part'];
  const plain = fc.oneof(
    fc.constant(String(clientId)),
    fc.integer({ min: 1, max: 50 }).map(String),
    fc.constantFrom(...edgeNumbers.map(String), ...edgeTexts.filter((t) => t.length < 2_000)),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('["ec_product_title"]', '[{"key":"ec_site","values":["a",null,1]}]', '[{"key":"ec_scan_date","value":1}]', '{"keyword":"a","whereFields":[{"key":"ec_site","values":["a",null]}]}', '2026-01-01', nested(3_000), '{"__proto__":{"x":1}}'),
  );
  const encoded = fc.oneof(plain.map((v) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))), fc.constantFrom('%ED%A0%80', '%00', '%', '%zz', '%C0%AF'));
  const pair = fc.tuple(fc.constantFrom(...keys), encoded).map(([k, v]) => `${k}=${v}`);
  return fc.tuple(fc.constant(`clientId=${clientId}`), fc.array(pair, { maxLength: 8 }), fc.boolean()).map(([own, pairs, keepOwn]) => [...(keepOwn ? [own] : []), ...pairs].join('&'));
}
