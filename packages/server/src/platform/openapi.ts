import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { API_KEY_PREFIX } from '@portal/contract';
import { PUBLIC, type RegisteredCall } from './call.js';

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

/**
 * GET /api/openapi.json: every registered call with its payload and answer schema, generated from the contract,
 * so the document cannot drift from the code. Roles are listed per call (x-roles: the bit mask, or "public").
 */
export function openApiDocument(calls: RegisteredCall[]) {
  const envelope = (data: unknown) => ({
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
  });
  const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  const tagOf = areaTagger(calls.map((c) => c.path));
  const tags = [...new Set(calls.map((c) => tagOf(c.path)))];
  return {
    openapi: '3.1.0',
    info: { title: 'Brand Protection Portal API', version: '1', description: DESCRIPTION },
    tags: tags.map((name) => ({ name })),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: `A personal API key (${API_KEY_PREFIX}...) or a session token` } } },
    paths: Object.fromEntries(
      calls.map((c) => [
        c.path,
        {
          post: {
            tags: [tagOf(c.path)],
            'x-roles': c.roles === PUBLIC ? 'public' : c.roles,
            ...(c.sessionOnly ? { description: 'Not for API keys: a signed-in session only.' } : {}),
            ...(c.roles === PUBLIC ? {} : { security: [{ bearer: [] }] }),
            requestBody: { required: false, content: { 'application/json': { schema: schema(c.input) } } },
            responses: { '200': { description: 'code 0 on success', content: { 'application/json': { schema: envelope(z.toJSONSchema(c.output, { io: 'output', unrepresentable: 'any' })) } } } },
          },
        },
      ]),
    ),
  };
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

export function serveOpenApi(app: FastifyInstance, calls: RegisteredCall[]): void {
  const document = openApiDocument(calls);
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
