import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** PostgreSQL and PgBouncer refuse to run as root: as root their commands run as `postgres`. */
export const AS_ROOT = process.getuid?.() === 0;

export function postgresUser(): { uid: number; gid: number } {
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
}

/** A directory PostgreSQL's processes own (0700, as initdb wants its data directory). */
export function ownedByPostgres(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (AS_ROOT) {
    const { uid, gid } = postgresUser();
    fs.chownSync(dir, uid, gid);
  }
}

/** Runs a PostgreSQL command to its end (as `postgres` when we are root); its output goes to `logFile`. */
export function runPg(command: string, args: string[], logFile: string): void {
  const [file, argv] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const out = fs.openSync(logFile, 'a');
  // pg_ctl -l writes the server's log to the same file, as `postgres`.
  if (AS_ROOT) fs.fchownSync(out, postgresUser().uid, postgresUser().gid);
  try {
    execFileSync(file, argv, { stdio: ['ignore', out, out] });
  } catch (err) {
    throw new Error(`${path.basename(command)} failed (see ${logFile}): ${(err as Error).message}`, { cause: err });
  }
  fs.closeSync(out);
}

/** Installs Debian packages that are missing (the cluster's HAProxy and PgBouncer). */
export function ensurePackages(binaries: Record<string, string>): void {
  const missing = Object.entries(binaries).filter(([, bin]) => !fs.existsSync(bin)).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(', ')} (apt-get)`);
  execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * A long-running child in a process group of its own (npm runs node under a shell: a signal to the group reaches
 * every one of them), its output appended to its log file.
 */
export function spawnLogged(name: string, command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; logDir: string; cwd?: string }): ChildProcess {
  const out = fs.openSync(path.join(opts.logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { stdio: ['ignore', out, out], detached: true, env: opts.env ?? process.env, cwd: opts.cwd });
  fs.closeSync(out);
  return child;
}

/** Signals a child's whole process group; nothing when it has gone already. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` until it is true, or fails after `ms` with what was awaited. */
export async function waitFor(what: string, ms: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // A check throws to give up at once (the process it waits for has exited).
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not within ${Math.round(ms / 1000)} s`);
}

/** Whether `GET url` answers 200. */
export async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
