import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './pgbouncer.js';

/** Debian's PostgreSQL 15, its own binaries (not the system cluster's service). */
const BIN = '/usr/lib/postgresql/15/bin';
const AS_ROOT = process.getuid?.() === 0;

export interface TestReplication {
  /** The primary's superuser URL (database `postgres`): tests make their databases on it. */
  primaryUrl: string;
  /** `url` (a database of the primary) on the standby instead. */
  onStandby(url: string): string;
  /** One statement as superuser on the standby (`SELECT pg_wal_replay_pause()`). */
  standbyQuery<R extends pg.QueryResultRow>(text: string): Promise<R[]>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops the standby (fast): its port refuses connections from then on. */
  stopStandby(): void;
  stop(): void;
}

/**
 * A PostgreSQL primary and a streaming standby of the test's own (initdb, then pg_basebackup -R), on free ports of
 * 127.0.0.1 under a temporary directory, trust logins over TCP only. PostgreSQL refuses root: as root its commands
 * run as `postgres`, which owns the directory. One pair per test file: about 3 s to make.
 */
export async function startTestReplication(): Promise<TestReplication> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replication-'));
  if (AS_ROOT) execFileSync('chown', ['postgres:postgres', dir]);
  const log = path.join(dir, 'postgres.log');
  const run = (command: string, args: string[]) => {
    const [file, argv] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', `${BIN}/${command}`, ...args]] : [`${BIN}/${command}`, args];
    try {
      execFileSync(file, argv, { stdio: 'pipe' });
    } catch (err) {
      const out = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`${command} failed: ${(err as Error).message}\n${out}`, { cause: err });
    }
  };
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, 'primary');
  const standby = path.join(dir, 'standby');
  const pgCtl = (data: string, ...args: string[]) => run('pg_ctl', [...args, '-D', data, '-l', log, '-w', '-t', '60']);
  run('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // The defaults of pg_hba.conf admit replication from 127.0.0.1 (trust): pg_basebackup needs no more.
  const settings = ["listen_addresses = '127.0.0.1'", `port = ${primaryPort}`, "unix_socket_directories = ''", 'wal_level = replica', 'max_wal_senders = 4', 'fsync = off', ''];
  fs.appendFileSync(path.join(primary, 'postgresql.conf'), settings.join('\n'));
  pgCtl(primary, 'start');
  try {
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '-c', 'fast']);
    fs.appendFileSync(path.join(standby, 'postgresql.auto.conf'), `port = ${standbyPort}\n`);
    pgCtl(standby, 'start');
  } catch (err) {
    pgCtl(primary, 'stop', '-m', 'immediate');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <R extends pg.QueryResultRow>(port: number, text: string): Promise<R[]> => {
    const client = new pg.Client({ connectionString: url(port) });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };
  const stopServer = (data: string) => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) pgCtl(data, 'stop', '-m', 'fast');
  };
  return {
    primaryUrl: url(primaryPort),
    onStandby(u) {
      const standbyUrl = new URL(u);
      standbyUrl.port = String(standbyPort);
      return standbyUrl.toString();
    },
    standbyQuery: (text) => query(standbyPort, text),
    async caughtUp() {
      const lsn = (await query<{ lsn: string }>(primaryPort, 'SELECT pg_current_wal_lsn()::text AS lsn'))[0]!.lsn;
      for (let i = 0; i < 200; i++) {
        const [row] = await query<{ done: boolean }>(standbyPort, `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`);
        if (row?.done) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the standby did not replay ${lsn} within 10 s`);
    },
    stopStandby: () => stopServer(standby),
    stop() {
      stopServer(standby);
      stopServer(primary);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

