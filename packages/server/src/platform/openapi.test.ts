import { API_KEY_PREFIX, ErrorCode, calls as contractCalls } from '@portal/contract';
import { callDocs, type CallDoc } from '@portal/contract/api-docs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAll } from '../app.js';
import { startTestPortal, type TestPortal } from '../testing/index.js';
import { createRegistry, PUBLIC } from './call.js';
import { DOCS_CSP, openApiDocument, operationIdOf } from './openapi.js';
import { API_CSP } from './security-headers.js';

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface Doc {
  info: { description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, { enum?: number[] }>; responses: Record<string, unknown> };
  paths: Record<string, { post?: Operation; get?: Operation }>;
}
const operationOf = (item: { post?: Operation; get?: Operation }) => (item.post ?? item.get)!;

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

describe('GET /api/docs', () => {
  it('serves the viewer page from the portal itself, under a policy of its own', async () => {
    const res = await tp.get('/api/docs');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
    const html = res.bytes.toString();
    // Only same-origin scripts and styles, no inline script, nothing from a CDN.
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.sort()).toEqual(['/api/docs/init.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    expect(html).not.toMatch(/<script>[^<]/);
    for (const url of sources) {
      const asset = await tp.get(url);
      expect(asset.status, url).toBe(200);
      expect(asset.bytes.length, url).toBeGreaterThan(0);
      expect(asset.headers['content-security-policy'], url).toBe(API_CSP);
    }
    const init = (await tp.get('/api/docs/init.js')).bytes.toString();
    expect(init).toContain("url: '/api/openapi.json'");
    // Groups start collapsed: the viewer renders a list of 150 rows or more only in part (see areaTagger).
    expect(init).toContain("docExpansion: 'none'");
  });

  it('the document it shows lists every registered call and tells a program how to sign in with a key', async () => {
    const res = await tp.get('/api/openapi.json');
    const doc = JSON.parse(res.bytes.toString()) as Doc;
    const downloads = registerAll().downloads.map((d) => d.path);
    expect(Object.keys(doc.paths).sort()).toEqual([...tp.portal.calls.map((c) => c.path), ...downloads].sort());
    expect(doc.info.description).toContain('Authorization: Bearer <key>');
    expect(doc.info.description).toContain(API_KEY_PREFIX);
    expect(doc.info.description).toContain('APIキー');
    expect(doc.paths['/api/user/create-api-key']?.post?.description).toMatch(/Not for API keys/);
    expect(res.headers['content-security-policy']).toBe(API_CSP);
  });

  it('groups every operation under one declared area, each group short enough for the viewer to render whole', async () => {
    const doc = JSON.parse((await tp.get('/api/openapi.json')).bytes.toString()) as Doc;
    const declared = doc.tags.map((t) => t.name);
    expect(new Set(declared).size).toBe(declared.length);
    const sizes = new Map<string, number>();
    for (const [p, item] of Object.entries(doc.paths)) {
      const op = operationOf(item);
      expect(op.tags, p).toHaveLength(1);
      expect(declared, p).toContain(op.tags[0]);
      sizes.set(op.tags[0]!, (sizes.get(op.tags[0]!) ?? 0) + 1);
    }
    expect(declared.length).toBeLessThan(150);
    expect(Math.max(...sizes.values())).toBeLessThan(150 - declared.length);
    expect(doc.paths['/api/login']?.post?.tags).toEqual(['portal']);
    expect(doc.paths['/api/user/userinfo']?.post?.tags).toEqual(['user']);
    for (const tag of doc.tags) expect(tag.description?.length, tag.name).toBeGreaterThan(20);
  });
});

describe('the API document for programs (issue 28)', () => {
  const { calls, downloads } = registerAll();
  const doc = openApiDocument(calls, downloads) as unknown as Doc;

  it('names every operation by a stable camelCase id from its path, unique, with an English summary and description', () => {
    expect(operationIdOf('/api/ec-data/search-records')).toBe('ecDataSearchRecords');
    expect(operationIdOf('/api/admin/news/create')).toBe('adminNewsCreate');
    expect(operationIdOf('/api/ec-crawler-task')).toBe('ecCrawlerTask');
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = operationOf(item);
      expect(op.operationId, path).toBe(operationIdOf(path));
      expect(op.operationId, path).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(ids.has(op.operationId), path).toBe(false);
      ids.add(op.operationId);
      expect(op.summary.length, path).toBeGreaterThan(5);
      expect(op.summary.length, path).toBeLessThanOrEqual(70);
      expect(op.description.length, path).toBeGreaterThan(op.summary.length);
      // Written per call, not a template over the path.
      expect(op.summary.toLowerCase(), path).not.toContain(path.toLowerCase());
    }
    const summaries = Object.values(doc.paths).map((item) => operationOf(item).summary);
    expect(new Set(summaries).size).toBe(summaries.length);
  });

  it('says who may call: public calls need no token, key-refused calls a session, the rest a key or a session', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'session']);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const c of calls) {
      const op = doc.paths[c.path]!.post!;
      if (c.roles === PUBLIC) expect(op.security, c.path).toEqual([]);
      else if (c.sessionOnly) expect(op.security, c.path).toEqual([{ session: [] }]);
      else expect(op.security, c.path).toEqual([{ apiKey: [] }, { session: [] }]);
    }
    expect(doc.paths['/api/login']!.post!.security).toEqual([]);
  });

  it('describes the error answers in the common shape, with the stable codes enumerated', () => {
    expect(doc.components.schemas.ErrorCode!.enum!.sort((a, b) => a - b)).toEqual(Object.values(ErrorCode).filter((c) => c !== 0).sort((a, b) => a - b));
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = operationOf(item);
      for (const status of ['400', '429', '503']) expect(op.responses[status]?.$ref, `${path} ${status}`).toMatch(/^#\/components\/responses\//);
    }
    const userinfo = doc.paths['/api/user/userinfo']!.post!;
    expect(Object.keys(userinfo.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '415', '429', '503']));
    expect(Object.keys(doc.paths['/api/login']!.post!.responses)).not.toContain('401');
  });

  it('documents uploads as multipart/form-data with the file part, and downloads as GET with their query', () => {
    const upload = doc.paths['/api/ec-report/upload-report']!.post!;
    const form = upload.requestBody!.content['multipart/form-data']!.schema;
    expect(form.properties!.file!.format).toBe('binary');
    expect(Object.keys(form.properties!)).toContain('clientId');
    for (const c of calls.filter((call) => call.upload)) expect(Object.keys(doc.paths[c.path]!.post!.requestBody!.content), c.path).toEqual(['multipart/form-data']);
    expect(downloads.length).toBeGreaterThan(10);
    const exportOp = doc.paths['/api/ec-data/export-search-result']!.get!;
    expect(exportOp.operationId).toBe('ecDataExportSearchResult');
    expect(exportOp.parameters!.find((p) => p.name === 'clientId')).toMatchObject({ in: 'query', required: true });
    expect(Object.keys(exportOp.responses['200']!.content!)).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('names its server: this origin, or the configured public address', () => {
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const configured = openApiDocument(calls, downloads, { publicUrl: 'https://portal.example.com/' });
    expect(configured.servers.map((s) => s.url)).toEqual(['https://portal.example.com']);
  });

  it('every call of the contract has its documentation, and the registry refuses a call without a summary', () => {
    for (const path of Object.keys(contractCalls)) expect(callDocs[path as keyof typeof callDocs]?.summary, path).toBeTruthy();
    const docs = callDocs as unknown as Record<string, CallDoc>;
    const saved = docs['/api/user/userinfo']!;
    docs['/api/user/userinfo'] = { summary: ' ', description: saved.description };
    try {
      const registry = createRegistry();
      expect(() => registry.call('/api/user/userinfo', { roles: 1, access: 'read', handler: async () => ({}) as never })).toThrow(/summary/);
    } finally {
      docs['/api/user/userinfo'] = saved;
    }
  });
});
