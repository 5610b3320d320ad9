import { execFile } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from './sheet-corpus/cases.js';
import type { CorpusRun } from './sheet-corpus/run-corpus.js';

/**
 * The spreadsheet corpus (issue 20; files and expectations in sheet-corpus/): every file is uploaded through the
 * real HTTP call and read back from the database, by a portal running in UTC and by one running in Asia/Tokyo.
 * Each portal runs in a child process started with that TZ (run-corpus.ts), on the database this project uses
 * (TEST_DB is passed on), because a time zone cannot be switched reliably inside the running test process.
 */
const SCRIPT = path.join(import.meta.dirname, 'sheet-corpus', 'run-corpus.ts');

function runIn(timeZone: string): Promise<CorpusRun> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', SCRIPT], { env: { ...process.env, TZ: timeZone }, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as CorpusRun),
    ),
  );
}

const runs: Record<string, CorpusRun> = {};
beforeAll(async () => {
  const [utc, tokyo] = await Promise.all([runIn('UTC'), runIn('Asia/Tokyo')]);
  Object.assign(runs, { UTC: utc, 'Asia/Tokyo': tokyo });
}, 600_000);

describe.each(['UTC', 'Asia/Tokyo'])('the spreadsheet corpus, portal in %s', (zone) => {
  it('really ran in that zone', () => {
    expect(runs[zone]).toMatchObject({ timeZone: zone, offsetMinutes: zone === 'UTC' ? 0 : 540 });
  });

  it.each(CORPUS.map((c) => [c.file, c] as const))('%s', (file, c) => {
    const outcome = runs[zone]!.outcomes[file];
    if ('stored' in c.expected) expect(outcome, c.writer).toEqual({ stored: c.expected.stored });
    else expect(outcome?.refused, c.writer).toEqual(c.expected.refused);
  });
});
