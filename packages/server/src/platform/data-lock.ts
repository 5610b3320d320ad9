import fs from 'node:fs';

/**
 * The embedded database is a directory that only one process may open: a second server, or a backup copying the
 * files while a server writes them, would corrupt or tear it. `<dir>.lock` holds the owner's process id; a lock
 * whose process is gone (a crash, a kill -9) is taken over. Returns the function that releases it.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      // Our own pid on a lock we did not take is a previous run's: a restarted container often gets the same pid.
      const stale = owner === process.pid ? !heldHere.has(file) : !isRunning(owner);
      if (!stale) throw new DataDirInUse(dir, owner);
      fs.rmSync(file, { force: true }); // left by a process that no longer runs
    }
  }
  throw new DataDirInUse(dir, Number.NaN);
}

/** Lock files this process holds. */
const heldHere = new Set<string>();

export class DataDirInUse extends Error {
  constructor(dir: string, pid: number) {
    super(`the embedded database ${dir} is in use by process ${pid}: stop the portal first`);
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}
