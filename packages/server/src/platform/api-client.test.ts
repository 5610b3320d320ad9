import { main } from '@portal/api-client/examples/basic';
import { createPortalClient, dataOf, PortalError } from '@portal/api-client';
import { API_KEY_PREFIX, ErrorCode, Role } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, HEADER_EN, listing, manage, startTestPortal, xlsxOf, type TestPortal } from '../testing/index.js';

/**
 * The typed client (packages/api-client) and its example program against a real portal listening on a port:
 * real HTTP, an API key in the Authorization header, multipart upload and a GET download (issue 28).
 */
let tp: TestPortal;
let baseUrl: string;
beforeAll(async () => {
  tp = await startTestPortal();
  await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(tp.portal.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await tp?.close();
});

async function apiKeyOf(token: string): Promise<string> {
  const res = await tp.post('/api/user/create-api-key', { name: 'Example program' }, { token });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return (res.body.data as { key: string }).key;
}

describe('the typed API client', () => {
  it('runs the example program: signs in with a key, lists clients and records, uploads a report, downloads the export', async () => {
    const clientId = await createClient(tp, 'Sakura Cosmetics');
    const analyst = await createUser(tp, { role: Role.ANALYST, name: 'Api Analyst' });
    await manage(tp, analyst, clientId);
    const apiKey = await apiKeyOf(analyst.token);
    expect(apiKey.startsWith(API_KEY_PREFIX)).toBe(true);
    const report = await xlsxOf(HEADER_EN, [listing(1), listing(2, { title: 'Sakura Glow serum' }), listing(3)]);

    const lines: string[] = [];
    const result = await main({ baseUrl, apiKey, clientId, report: { name: 'october.xlsx', bytes: report }, log: (line) => lines.push(line) });

    expect(result.user).toEqual({ userid: analyst.userId, name: 'Api Analyst', role: Role.ANALYST });
    expect(result.clients.map((c) => c.id)).toContain(clientId);
    expect(result.recordsBefore).toBe(0);
    expect(result.uploaded.count).toBe(3);
    expect(result.uploaded.reportId).toEqual(expect.any(Number));
    expect(result.recordsAfter).toBe(3);
    expect(result.firstTitles).toContain('Sakura Glow serum');
    expect(result.exported.contentType).toMatch(/spreadsheetml/);
    expect(lines.length).toBeGreaterThanOrEqual(5);

    // The export is the client's records as a workbook the program can read.
    const client = createPortalClient({ baseUrl, apiKey });
    const { data } = await client.GET('/api/ec-data/export-search-result', { params: { query: { clientId: String(clientId) } }, parseAs: 'arrayBuffer' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(4);
    expect(result.exported.size).toBeGreaterThan(1000);
  });

  it('turns error answers into PortalError with the stable code: 401 without a valid key, 403 for a key on a session-only call', async () => {
    const bad = createPortalClient({ baseUrl, apiKey: `${API_KEY_PREFIX}not-a-key` });
    const unauthenticated = await bad
      .POST('/api/user/userinfo', { body: {} })
      .then(dataOf)
      .catch((err: unknown) => err);
    expect(unauthenticated).toBeInstanceOf(PortalError);
    expect(unauthenticated).toMatchObject({ status: 401, code: ErrorCode.UNAUTHENTICATED });

    const user = await createUser(tp, { role: Role.CLIENT });
    const client = createPortalClient({ baseUrl, apiKey: await apiKeyOf(user.token) });
    const refused = await client
      .POST('/api/user/create-api-key', { body: { name: 'successor' } })
      .then(dataOf)
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN });
  });
});
