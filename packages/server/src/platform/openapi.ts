import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { API_KEY_PREFIX, ErrorCode, Role, jsonParamContent } from '@portal/contract';
import { PUBLIC, type RegisteredCall, type RegisteredDownload } from './call.js';

/** How a program signs in, in both languages: the document's description, shown at the top of /api/docs. */
const DESCRIPTION = `
Every call is \`POST /api/...\` with a JSON body; every answer is \`{ code, message, data }\` (\`code\` 0 on success,
\`message\` in the caller's language, chosen by \`Accept-Language: en\` or \`ja\`).

**Signing in from a program.** Signing in to the portal needs a code mailed to a person, so programs use a
personal API key instead: sign in to the portal, open *Profile → API keys*, create a key (a name, optionally an
expiry) and copy the secret shown once (it starts with \`${API_KEY_PREFIX}\`). Send it on every call as
\`Authorization: Bearer <key>\`. A key acts with its user's role and company and nothing more, stops working when
it expires, is revoked, or its user is removed, and is throttled per key (HTTP 429 says how long to wait). A key
cannot create or revoke keys, or change the password or profile (HTTP 403). Use **Authorize** below to try calls
with a key.

    curl -X POST https://portal.example/api/user/userinfo -H "Authorization: Bearer ${API_KEY_PREFIX}..." -H "Content-Type: application/json" -d "{}"

**プログラムからの利用。** ポータルへのログインにはメールで届くコードが必要なため、プログラムは個人用APIキーを使います。
ポータルにログインして「プロフィール → APIキー」でキーを作成し（名前と任意の有効期限）、一度だけ表示される秘密の値
（\`${API_KEY_PREFIX}\` で始まります）を控えてください。すべての呼び出しに \`Authorization: Bearer <キー>\` を付けます。
キーはそのユーザーの権限と会社の範囲でのみ動作し、期限切れ・無効化・ユーザー削除で使えなくなります。呼び出し回数はキーごとに
制限されます（HTTP 429 が待ち時間を示します）。キーではキーの作成・無効化、パスワードやプロフィールの変更はできません（HTTP 403）。
`.trim();

/** How the document is built: the portal's public address, when it has one, is the document's server. */
export interface OpenApiOptions {
  publicUrl?: string | undefined;
}

/** What each group of operations is about (the tag of /api/<area>/...); a group without one fails the build. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  portal: 'Signing in and out, signing up, password reset, the home page figures and the news list.',
  user: 'The caller\'s own account: profile, language, password and personal API keys.',
  admin: 'Administration: user accounts, client companies, everyone\'s API keys, news and exchange rates.',
  analyst: 'What analysts keep: the clients they work on, each client\'s master data (brands, product categories, custom columns, black and white lists, wording, attorney letters, trademark countries, impact and re-check settings), infringement categories and marketplace sites.',
  'client-settings': 'A client\'s pictures of its brand: the genuine product photos that listing pictures are matched with (upload, list, download, remove).',
  notication: 'The caller\'s notices (records updated, reports posted, service request news) and their unread count. The path keeps the legacy spelling.',
  'ec-crawler-task': 'Marketplace crawler tasks: search, create, change, copy and remove tasks, poll their progress.',
  'ec-crawler-subtask': 'The subtasks of a crawler task: one site, keyword or start URL and a desired count each.',
  'ec-crawler-command': 'Starting and stopping crawler tasks, and downloading what a finished task scraped.',
  'domain-watch': 'Look-alike domains: a client\'s domain watches, their runs (permutations of the brand\'s domains resolved in DNS) and the candidates found, to dismiss.',
  watch: 'Watches: saved searches of a client that the portal runs on a schedule, each run compared with the last (new, changed, gone, back).',
  'test-purchase': 'Planned test purchases of a client\'s products on marketplaces.',
  trademark: 'A client\'s trademarks, their images, and registration requests.',
  'service-request': 'Requests from a client to the provider (takedowns, investigations, registrations) with their messages and files.',
  'ec-report': 'Marketplace (EC) reports: spreadsheets uploaded per client, checked, inherited, de-duplicated and posted to the client.',
  'ec-data': 'Marketplace (EC) listing records: search, export, detail, history, price history, updates, batch updates and evidence pictures.',
  'ws-report': 'Website (WS) reports: spreadsheets of suspicious sites uploaded per client and posted to it.',
  'ws-data': 'Website (WS) records: search, export, detail, history, updates and batch updates.',
  'sns-report': 'Social media (SNS) reports: spreadsheets of posts and accounts uploaded per client and posted to it.',
  'sns-data': 'Social media (SNS) records: search, export, detail, history, updates and batch updates.',
  'ec-dashboard': 'The online dashboard of a client\'s marketplace records over a period.',
  triage: 'Triage rules that suggest categories for a client\'s records, their backtest and suggestions, and seller networks.',
  webhook: 'Webhook endpoints of a client: other programs receive its events (records posted, takedown results, new and changed listings, watch runs) as POSTs signed per the Standard Webhooks specification, with a delivery log of attempts and answers.',
  evidence: 'Evidence captures of a record\'s page (screenshot and HTML with their SHA-256) and their files.',
  takedown: 'Takedown notices composed from records per channel, exported and marked sent, and their acceptance rates.',
  'takedown-recheck': 'Re-checks that a taken-down listing is really gone.',
  records: 'Pictures of records of any kind (thumbnails and the detail\'s picture).',
};

/** Every error code of the contract but success, with its name: the `code` of an error answer. */
const ERROR_CODES = Object.entries(ErrorCode).filter(([, code]) => code !== 0);

/** The error answers shared by the operations, by HTTP status. */
const ERROR_ANSWERS = {
  '400': ['BadRequest', 'The payload (or a query parameter) is invalid or the JSON is malformed: code 400, the message names the first problem.'],
  '401': ['Unauthenticated', 'No token, or a token or API key that is unknown, expired, revoked or of a removed user: code 401.'],
  '403': ['Forbidden', 'The caller\'s role may not make this call, the client named is not theirs (or not managed by the analyst), or an API key was used for a call that needs a signed-in person: code 403.'],
  '404': ['NotFound', 'Nothing to answer at this address (no such file or picture): code 404 or 1009.'],
  '413': ['TooLarge', 'The body is larger than the portal takes (1 MB of JSON): code 413.'],
  '415': ['UnsupportedMediaType', 'The body is neither JSON nor, for an upload, multipart/form-data: code 400.'],
  '429': ['TooManyRequests', 'Too many attempts (sign-in, codes) or calls with this API key in a short time; the message says how long to wait: code 429.'],
  '500': ['Internal', 'An unexpected failure on the portal\'s side; it is logged: code 500.'],
  '503': ['Busy', 'The portal is overloaded for the moment; try again shortly: code 503.'],
} as const;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

const ROLE_NAMES: [number, string][] = [[Role.ADMIN, 'administrators'], [Role.ANALYST, 'analysts'], [Role.CLIENT, 'client users']];
const whoMay = (roles: RegisteredCall['roles']) =>
  roles === PUBLIC ? 'Public: no token needed.' : `For ${ROLE_NAMES.filter(([bit]) => (roles & bit) !== 0).map(([, name]) => name).join(', ')}.`;

/**
 * The operation's id, stable and derived from its path: the words after /api/, camelCased
 * (`/api/ec-data/search-records` -> `ecDataSearchRecords`). Generated clients name their methods by it.
 */
export function operationIdOf(path: string): string {
  const words = path.replace(/^\/api\//, '').split(/[/-]/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/**
 * GET /api/openapi.json: every registered call (POST, JSON or multipart) and download (GET) with its payload, answer
 * and error answers, generated from the contract and the registry, so the document cannot drift from the code.
 * Roles are listed per call (x-roles: the bit mask, or "public") and in its description.
 */
export function openApiDocument(calls: RegisteredCall[], downloads: RegisteredDownload[] = [], opts: OpenApiOptions = {}) {
  const jsonSchema = (s: z.ZodType, io: 'input' | 'output') => {
    // `undefined` in a union (a field that may be left out) has no JSON form: marked here, dropped by withoutUndefined.
    const override = (ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) => {
      if ((ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'undefined') ctx.jsonSchema[UNDEFINED] = true;
    };
    const { $schema: _, ...rest } = withoutUndefined(z.toJSONSchema(s, { io, unrepresentable: 'any', override })) as Record<string, unknown>;
    return rest;
  };
  const errorRef = { $ref: '#/components/schemas/ErrorAnswer' };
  const errorsFor = (statuses: ErrorStatus[]) => Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${ERROR_ANSWERS[status][0]}` }]));
  const securityOf = (roles: RegisteredCall['roles'], sessionOnly: boolean) => (roles === PUBLIC ? [] : sessionOnly ? [{ session: [] }] : [{ apiKey: [] }, { session: [] }]);

  const tagOf = areaTagger([...calls.map((c) => c.path), ...downloads.map((d) => d.path)]);
  const operationIds = new Set<string>();
  const idOf = (path: string) => {
    const id = operationIdOf(path);
    if (operationIds.has(id)) throw new Error(`${path}: operationId ${id} is taken by another path`);
    operationIds.add(id);
    return id;
  };

  const paths: Record<string, unknown> = {};
  for (const c of calls) {
    const input = jsonSchema(c.input, 'input');
    // A payload with required fields (at the top or in an intersection's parts) must be sent.
    const requires = (node: Record<string, unknown>): boolean =>
      (Array.isArray(node.required) && node.required.length > 0) || (Array.isArray(node.allOf) && (node.allOf as Record<string, unknown>[]).some(requires));
    const hasRequired = requires(input);
    const requestBody = c.upload
      ? {
          required: true,
          description: `multipart/form-data: the payload's fields as text parts, then the file as the part named \`file\` (at most ${Math.round(c.upload.maxBytes / 1024 / 1024)} MB).`,
          content: { 'multipart/form-data': { schema: { ...input, properties: { ...(input.properties as object), file: { type: 'string', format: 'binary', description: 'The file.' } } } } },
        }
      : { required: hasRequired, content: { 'application/json': { schema: input } } };
    const statuses: ErrorStatus[] = c.roles === PUBLIC ? ['400', '413', '415', '429', '500', '503'] : ['400', '401', '403', '413', '415', '429', '500', '503'];
    paths[c.path] = {
      post: {
        operationId: idOf(c.path),
        summary: c.summary,
        description: [c.description, whoMay(c.roles), ...(c.sessionOnly ? ['Not for API keys: a signed-in session only.'] : [])].join('\n\n'),
        tags: [tagOf(c.path)],
        'x-roles': c.roles === PUBLIC ? 'public' : c.roles,
        security: securityOf(c.roles, c.sessionOnly),
        requestBody,
        responses: {
          '200': {
            description: 'Success (`code` 0, the answer in `data`), or a business failure answered with HTTP 200 and a non-zero `code` (an unknown object, a refused file...).',
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { type: 'object', required: ['code', 'message', 'data'], properties: { code: { type: 'integer', const: 0 }, message: { type: 'string' }, data: jsonSchema(c.output, 'output') } },
                    errorRef,
                  ],
                },
              },
            },
          },
          ...errorsFor(statuses),
        },
      },
    };
  }
  for (const d of downloads) {
    paths[d.path] = {
      get: {
        operationId: idOf(d.path),
        summary: d.doc.summary,
        description: [d.doc.description, whoMay(d.roles), 'The token may also come from the session cookie (a browser\'s link).'].join('\n\n'),
        tags: [tagOf(d.path)],
        'x-roles': d.roles,
        security: securityOf(d.roles, false),
        parameters: queryParameters(d.query, jsonSchema),
        responses: {
          '200': {
            description: 'The file (an attachment when it has a name), or, for a business failure such as an unknown object, the common error answer as JSON with HTTP 200.',
            content: {
              ...Object.fromEntries(d.doc.answers.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
              'application/json': { schema: errorRef },
            },
          },
          ...errorsFor(['400', '401', '403', '404', '429', '500', '503']),
        },
      },
    };
  }

  const tags = [...new Set(Object.keys(paths).map(tagOf))];
  for (const tag of tags) if (!TAG_DESCRIPTIONS[tag]) throw new Error(`API document: the group ${tag} has no description (TAG_DESCRIPTIONS)`);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Brand Protection Portal API',
      version: '1',
      description: DESCRIPTION,
      // A private service: no public licence; its use is governed by each client's service contract (SPDX's
      // LicenseRef- form names a licence outside SPDX's list).
      license: { name: 'Proprietary: for the portal\'s users under their service contract', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [opts.publicUrl ? { url: opts.publicUrl.replace(/\/+$/, ''), description: 'This portal' } : { url: '/', description: 'The portal serving this document' }],
    security: [{ apiKey: [] }, { session: [] }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_PREFIX}...`, description: `A personal API key (it starts with \`${API_KEY_PREFIX}\`), sent as \`Authorization: Bearer <key>\`. Created under Profile → API keys.` },
        session: { type: 'http', scheme: 'bearer', description: 'A session token answered by /api/login, sent as `Authorization: Bearer <token>` (the web app keeps it in a cookie).' },
      },
      schemas: {
        ErrorCode: {
          type: 'integer',
          enum: ERROR_CODES.map(([, code]) => code),
          'x-enum-varnames': ERROR_CODES.map(([name]) => name),
          description: `The stable error codes: ${ERROR_CODES.map(([name, code]) => `${code} ${name}`).join(', ')}. Codes below 1000 are the HTTP status of the answer; codes from 1000 are business failures answered with HTTP 200.`,
        },
        ErrorAnswer: {
          type: 'object',
          description: 'Every error answer: a non-zero code, a message in the caller\'s language, and details (the problems of a refused spreadsheet) or null.',
          required: ['code', 'message', 'data'],
          properties: { code: { $ref: '#/components/schemas/ErrorCode' }, message: { type: 'string' }, data: {} },
        },
      },
      responses: Object.fromEntries(
        Object.values(ERROR_ANSWERS).map(([name, description]) => [name, { description, content: { 'application/json': { schema: errorRef } } }]),
      ),
    },
    paths,
  };
}

/**
 * A download's query parameters from the contract's schema of its query string: each parameter's text form (the
 * schema's input side: a pattern, an enum), its description, whether it is required; a parameter carrying JSON (the
 * export's search) is described by the JSON it holds, as OpenAPI's `content` of a parameter.
 */
function queryParameters(query: z.ZodType, jsonSchema: (s: z.ZodType, io: 'input' | 'output') => Record<string, unknown>) {
  if (!(query instanceof z.ZodObject)) throw new Error('a download\'s query must be an object of parameters');
  const whole = jsonSchema(query, 'input');
  const required = new Set(Array.isArray(whole.required) ? (whole.required as string[]) : []);
  const properties = (whole.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, param]) => {
    const { description, ...schema } = properties[name] ?? {};
    const json = jsonParamContent(param);
    return {
      name,
      in: 'query',
      required: required.has(name),
      description: typeof description === 'string' ? description : name,
      ...(json ? { content: { 'application/json': { schema: jsonSchema(json, 'input') } } } : { schema }),
    };
  });
}

const UNDEFINED = 'x-portal-undefined';
/** Drops the union members that stand for `undefined` (anything else would read as "any value" in the document). */
function withoutUndefined(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutUndefined);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === UNDEFINED) continue;
    out[key] = (key === 'anyOf' || key === 'oneOf') && Array.isArray(value)
      ? value.filter((m) => !(typeof m === 'object' && m !== null && UNDEFINED in m)).map(withoutUndefined)
      : withoutUndefined(value);
  }
  return out;
}

/**
 * Operations are grouped by the area in their path (/api/<area>/<call>); a call directly under /api joins the area
 * of that name when there is one, else "portal" (sign-in, home). Swagger UI (5.35) renders a list of 150 rows or
 * more (tags + operations shown) virtualised: only the rows in the window exist in the page, the rest appear on
 * scroll, so a search in the page or a reader of the page text sees the first few operations only. Grouped, with the
 * groups collapsed (docExpansion 'none'), the list stays short and an opened group renders all its operations.
 */
export function areaTagger(paths: string[]): (path: string) => string {
  const segments = (p: string) => p.replace(/^\/api\//, '').split('/');
  const areas = new Set(paths.map(segments).filter((s) => s.length > 1).map((s) => s[0]!));
  return (p) => {
    const first = segments(p)[0]!;
    return segments(p).length > 1 || areas.has(first) ? first : 'portal';
  };
}

/**
 * The viewer's own policy: Swagger UI's script and styles from this portal only (no CDN, no inline script: the
 * set-up is a file of its own), inline styles for the widgets it renders, and calls ("Try it out") to this origin.
 * Set on these routes alone, so the web app's policy stays as strict as it is.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Brand Protection Portal API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none', filter: true, persistAuthorization: false });\n`;

export function serveOpenApi(app: FastifyInstance, calls: RegisteredCall[], downloads: RegisteredDownload[], opts: OpenApiOptions = {}): void {
  const document = openApiDocument(calls, downloads, opts);
  app.get('/api/openapi.json', (_req, reply) => reply.send(document));

  // Swagger UI (swagger-ui-dist, maintained by SmartBear) from node_modules, read once at start.
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, { type: string; body: string | Buffer }> = {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: fs.readFileSync(path.join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: fs.readFileSync(path.join(dist, 'swagger-ui-bundle.js')) },
    'init.js': { type: 'text/javascript; charset=utf-8', body: DOCS_INIT },
  };
  app.get('/api/docs', (_req, reply) =>
    reply.header('content-security-policy', DOCS_CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(DOCS_PAGE),
  );
  for (const [name, asset] of Object.entries(assets)) {
    app.get(`/api/docs/${name}`, (_req, reply) => reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body));
  }
}
