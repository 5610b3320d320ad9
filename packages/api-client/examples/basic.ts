/**
 * A program using the portal's API with a personal API key: who am I, which clients, their marketplace records,
 * upload a marketplace report (a spreadsheet in the EC template), then download the records as a spreadsheet.
 *
 *   PORTAL_URL=https://portal.example.com PORTAL_API_KEY=bpk_... npm run example -w @portal/api-client -- report.xlsx [clientId]
 *
 * The key's user must be an analyst among the client's managers (listing clients is for staff, uploading reports
 * for the client's managers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createPortalClient, dataOf, fileOf, formData } from '../src/index.js';

export interface ExampleOptions {
  baseUrl: string;
  apiKey: string;
  /** The spreadsheet to upload as a new marketplace report. */
  report: { name: string; bytes: Uint8Array };
  /** The client to work on (default: the first the key's user may see). */
  clientId?: number;
  log?: (line: string) => void;
}

export interface ExampleResult {
  user: { userid: number; name: string; role: number };
  clients: { id: number; name: string }[];
  clientId: number;
  recordsBefore: number;
  uploaded: { reportId: number | null; count: number };
  recordsAfter: number;
  firstTitles: string[];
  exported: { contentType: string; fileName: string | undefined; size: number };
}

export async function main(opts: ExampleOptions): Promise<ExampleResult> {
  const log = opts.log ?? (() => undefined);
  const client = createPortalClient({ baseUrl: opts.baseUrl, apiKey: opts.apiKey });

  // 1. Signed in with the key: whose is it?
  const { user } = dataOf(await client.POST('/api/user/userinfo', { body: {} }));
  log(`signed in as ${user.user_name} (user ${user.user_id}, role ${user.user_role})`);

  // 2. The clients this user may work on.
  const { client: clients } = dataOf(await client.POST('/api/analyst/fetch-clients', { body: {} }));
  const clientId = opts.clientId ?? clients[0]?.client_id;
  if (clientId === undefined) throw new Error('this key\'s user may see no client');
  log(`${clients.length} client(s); working on client ${clientId}`);

  // 3. The client's marketplace records, newest scans first.
  const search = { clientId, orderFields: [{ key: 'ec_scan_date' as const, value: 2 as const }], limit: 10 };
  const before = dataOf(await client.POST('/api/ec-data/search-records', { body: search }));
  log(`${before.total} marketplace record(s)`);

  // 4. Upload a report: multipart, the payload's fields then the file.
  const file = new File([new Uint8Array(opts.report.bytes)], opts.report.name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const uploaded = dataOf(await client.POST('/api/ec-report/upload-report', { body: { clientId, file }, bodySerializer: formData }));
  log(`uploaded ${opts.report.name}: report ${uploaded.reportId}, ${uploaded.count} record(s)`);

  const after = dataOf(await client.POST('/api/ec-data/search-records', { body: search }));
  log(`${after.total} marketplace record(s) now`);

  // 5. Download every record of the client as a spreadsheet (a GET download: the key goes in the header too).
  const exported = await fileOf(await client.GET('/api/ec-data/export-search-result', { params: { query: { clientId: String(clientId) } }, parseAs: 'blob' }));
  log(`downloaded ${exported.fileName ?? 'the export'} (${exported.contentType}, ${exported.bytes.length} bytes)`);

  return {
    user: { userid: user.user_id, name: user.user_name, role: user.user_role },
    clients: clients.map((c) => ({ id: c.client_id, name: c.client_name })),
    clientId,
    recordsBefore: before.total,
    uploaded: { reportId: uploaded.reportId, count: uploaded.count },
    recordsAfter: after.total,
    firstTitles: after.records.map((r) => r.ec_product_title ?? ''),
    exported: { contentType: exported.contentType, fileName: exported.fileName, size: exported.bytes.length },
  };
}

// Run from the command line (not when a test imports main).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [file, clientId] = process.argv.slice(2);
  const baseUrl = process.env.PORTAL_URL;
  const apiKey = process.env.PORTAL_API_KEY;
  if (!baseUrl || !apiKey || !file) {
    console.error('usage: PORTAL_URL=... PORTAL_API_KEY=... npm run example -w @portal/api-client -- report.xlsx [clientId]');
    process.exit(2);
  }
  const result = await main({
    baseUrl,
    apiKey,
    report: { name: path.basename(file), bytes: fs.readFileSync(file) },
    ...(clientId ? { clientId: Number(clientId) } : {}),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
