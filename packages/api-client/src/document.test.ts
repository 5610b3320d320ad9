import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiDocument } from '@portal/server';
import { describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILE } from '../scripts/schema.js';

/**
 * The API document the portal serves and this client is generated from (issue 28): it passes Redocly's
 * `recommended` ruleset with no problem at all (warnings included, no rule switched off), and the committed types
 * are the ones the document generates today.
 */
const redocly = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

async function lint(document: unknown): Promise<LintReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document));
  try {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    // Exit code 1 when there are errors: the report is on stdout either way.
    const { stdout } = await promisify(execFile)(process.execPath, [redocly, 'lint', file, '--extends=recommended', '--format=json'], { env, maxBuffer: 64 << 20 }).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    return JSON.parse(stdout.slice(stdout.indexOf('{'))) as LintReport;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API document', () => {
  it("passes Redocly's recommended rules without a warning", async () => {
    const report = await lint(apiDocument());
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('fails the rules when an operation lacks its summary', async () => {
    const document = apiDocument() as { paths: Record<string, { post?: { summary?: string } }> };
    delete document.paths['/api/ec-data/search-records']!.post!.summary;
    const report = await lint(document);
    expect(report.totals.errors).toBeGreaterThan(0);
    expect(report.problems.map((p) => p.ruleId)).toContain('operation-summary');
  }, 60_000);

  it('generates the committed client types (run `npm run generate -w @portal/api-client` when this fails)', async () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8') === (await generateSchema()), 'packages/api-client/src/schema.d.ts is stale').toBe(true);
  }, 60_000);
});
