import path from 'node:path';
import { readConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { moveRecordsOnline } from '../platform/partitions/online-move.js';
import { backup, restore } from './backup.js';

/**
 * `npm run backup -- <file> [--without-key]` and `npm run restore -- <file> [--force]`, on the database the
 * environment names (DATABASE_URL, else the embedded one in DATA_DIR), exactly as the server would open it;
 * `npm run partition-records` moves PostgreSQL's record tables into partitions while the portal runs.
 */
const USAGE = 'usage: npm run backup -- <file> [--without-key]\n       npm run restore -- <file> [--force]\n       npm run partition-records';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'partition-records' && rest.length === 0) return partitionRecords();
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const files = rest.filter((a) => !a.startsWith('--'));
  const allowed = command === 'backup' ? ['--without-key'] : ['--force'];
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || [...flags].some((f) => !allowed.includes(f))) {
    console.error(USAGE);
    process.exit(2);
  }
  // npm runs scripts in the repository root; a relative path means one relative to where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = readConfig();
  if (command === 'backup') {
    const done = await backup(config, file, { withoutKey: flags.has('--without-key') });
    console.log(`Backed up the ${describe(done.kind)} database: ${done.tables} tables, ${done.rows} rows, ${done.bytes} bytes in ${file}`);
    for (const note of done.notes) console.log(note);
  } else {
    const done = await restore(config, file, { force: flags.has('--force') });
    console.log(`Restored ${file} into the ${describe(done.kind)} database: ${done.tables} tables, ${done.rows} rows, every table as counted in the backup`);
    for (const note of done.notes) console.log(note);
  }
}

/** The online move (platform/partitions/online-move.ts); the embedded database is converted by its start instead. */
async function partitionRecords(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) throw new Error('partition-records is for PostgreSQL (DATABASE_URL); the embedded database converts its record tables when the portal starts');
  const handle = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
  try {
    const done = await moveRecordsOnline(handle.db, { log: (line) => console.log(line) });
    console.log(done.already ? 'The record tables are partitioned already: nothing to do' : `The record tables are partitioned (swap taken at attempt ${done.swapAttempts})`);
  } finally {
    await handle.close();
  }
}

const describe = (kind: 'postgres' | 'pglite') => (kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)');

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
