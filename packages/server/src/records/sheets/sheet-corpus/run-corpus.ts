import fs from 'node:fs';
import path from 'node:path';
import { Role } from '@portal/contract';
import { createClient, createUser, startTestPortal } from '../../../testing/index.js';
import { CORPUS, type Stored } from './cases.js';
import { addClientManager, storedEcRecords } from './corpus-queries.js';

/**
 * Uploads every corpus file through the portal's real HTTP call (a fresh test portal: PGlite or PostgreSQL as
 * TEST_DB says) and reads back what was stored, or the messages of a refusal in both languages. Run as a script
 * (`node --import tsx run-corpus.ts`) it prints the outcome as JSON with the process's time zone, so the test can
 * run it in a child process with TZ=Asia/Tokyo (a zone cannot be changed reliably inside a running test process).
 */
export interface Outcome {
  stored?: Stored[];
  refused?: { en: string; ja: string };
  other?: unknown;
}
export interface CorpusRun {
  timeZone: string;
  offsetMinutes: number;
  outcomes: Record<string, Outcome>;
}

const DIR = path.join(import.meta.dirname, 'files');

export async function runCorpus(): Promise<CorpusRun> {
  const tp = await startTestPortal();
  try {
    const db = tp.portal.services.db;
    const clientId = await createClient(tp, 'Corpus Co');
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await addClientManager(db, clientId, analyst.userId);
    const outcomes: Record<string, Outcome> = {};
    for (const { file } of CORPUS) {
      const bytes = fs.readFileSync(path.join(DIR, file));
      const upload = (locale: 'en' | 'ja') => tp.upload('/api/ec-report/upload-report', { clientId }, { name: file, bytes }, { token: analyst.token, locale });
      const en = await upload('en');
      if (en.body.code === 0) {
        const reportId = (en.body.data as { reportId: number }).reportId;
        const stored = await storedEcRecords(db, reportId);
        outcomes[file] = { stored: stored.map((s) => ({ ...s, ec_product_price: String(s.ec_product_price) }) as Stored) };
      } else if (en.body.message) {
        outcomes[file] = { refused: { en: en.body.message, ja: (await upload('ja')).body.message ?? '' }, other: en.body.data };
      } else outcomes[file] = { other: en.body };
    }
    return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, offsetMinutes: -new Date(Date.UTC(2026, 9, 2)).getTimezoneOffset(), outcomes };
  } finally {
    await tp.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  const run = await runCorpus();
  process.stdout.write(`${JSON.stringify(run)}\n`);
  process.exit(0);
}
