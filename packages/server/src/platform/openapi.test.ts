import { API_KEY_PREFIX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../testing/index.js';
import { DOCS_CSP } from './openapi.js';
import { API_CSP } from './security-headers.js';

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
    const doc = JSON.parse(res.bytes.toString()) as { info: { description: string }; paths: Record<string, { post: { description?: string } }> };
    expect(Object.keys(doc.paths).sort()).toEqual(tp.portal.calls.map((c) => c.path).sort());
    expect(doc.info.description).toContain('Authorization: Bearer <key>');
    expect(doc.info.description).toContain(API_KEY_PREFIX);
    expect(doc.info.description).toContain('APIキー');
    expect(doc.paths['/api/user/create-api-key']?.post.description).toMatch(/Not for API keys/);
    expect(res.headers['content-security-policy']).toBe(API_CSP);
  });

  it('groups every operation under one declared area, each group short enough for the viewer to render whole', async () => {
    const doc = JSON.parse((await tp.get('/api/openapi.json')).bytes.toString()) as { tags: { name: string }[]; paths: Record<string, { post: { tags: string[] } }> };
    const declared = doc.tags.map((t) => t.name);
    expect(new Set(declared).size).toBe(declared.length);
    const sizes = new Map<string, number>();
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(item.post.tags, p).toHaveLength(1);
      expect(declared, p).toContain(item.post.tags[0]);
      sizes.set(item.post.tags[0]!, (sizes.get(item.post.tags[0]!) ?? 0) + 1);
    }
    expect(declared.length).toBeLessThan(150);
    expect(Math.max(...sizes.values())).toBeLessThan(150 - declared.length);
    expect(doc.paths['/api/login']?.post.tags).toEqual(['portal']);
    expect(doc.paths['/api/user/userinfo']?.post.tags).toEqual(['user']);
  });
});
