import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Layout, Secrets } from './layout.js';
import { AS_ROOT, ownedByPostgres, postgresUser, runPg } from './run.js';

/** Debian's PostgreSQL 15 (postgresql-15), the server's own binaries, not its system cluster. */
const BIN = '/usr/lib/postgresql/15/bin';

const primaryDir = (layout: Layout) => path.join(layout.dbDir, 'primary');
const standbyDir = (layout: Layout) => path.join(layout.dbDir, 'standby');
/** PostgreSQL's own logs stay beside its files: it writes them as `postgres`. */
export const pgLog = (layout: Layout, which: 'primary' | 'standby') => path.join(layout.dbDir, `${which}.log`);

/**
 * The primary: made once with initdb (kept and reused by later runs), listening on 127.0.0.1 only (TCP, no socket
 * file), with password logins (SCRAM) and WAL for a streaming standby; then started, and its portal role, portal
 * database and replication role made when missing.
 */
export async function startPrimary(layout: Layout, secrets: Secrets): Promise<void> {
  const dir = primaryDir(layout);
  ownedByPostgres(layout.dbDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    ownedByPostgres(dir);
    const pwfile = path.join(layout.dbDir, 'initdb.pw');
    writeForPostgres(pwfile, `${secrets.superPassword}\n`);
    try {
      runPg(`${BIN}/initdb`, ['-D', dir, '-U', 'postgres', `--pwfile=${pwfile}`, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'], pgLog(layout, 'primary'));
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.appendFileSync(
      path.join(dir, 'postgresql.conf'),
      [
        '',
        '# npm run cluster (ops/cluster/postgres.ts)',
        "listen_addresses = '127.0.0.1'",
        `port = ${layout.ports.primary}`,
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 5',
        'wal_keep_size = 256MB',
        'hot_standby = on',
        // 4 direct listeners, PgBouncer's pool, the standby, and room for an operator.
        'max_connections = 100',
        '',
      ].join('\n'),
    );
    writeForPostgres(path.join(dir, 'pg_hba.conf'), ['host all all 127.0.0.1/32 scram-sha-256', 'host replication replicator 127.0.0.1/32 scram-sha-256', ''].join('\n'));
  }
  startServer(dir, pgLog(layout, 'primary'));
  const admin = new pg.Client({ host: '127.0.0.1', port: layout.ports.primary, user: 'postgres', password: secrets.superPassword, database: 'postgres' });
  await admin.connect();
  try {
    const role = async (name: string, password: string, replication: boolean) => {
      const found = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
      const literal = (await admin.query<{ q: string }>('SELECT quote_literal($1) AS q', [password])).rows[0]!.q;
      await admin.query(`${found.rowCount ? 'ALTER' : 'CREATE'} ROLE ${name} LOGIN ${replication ? 'REPLICATION' : ''} PASSWORD ${literal}`);
    };
    await role('portal', secrets.portalPassword, false);
    await role('replicator', secrets.replicationPassword, true);
    if (!(await admin.query("SELECT 1 FROM pg_database WHERE datname = 'portal'")).rowCount) await admin.query('CREATE DATABASE portal OWNER portal');
  } finally {
    await admin.end();
  }
}

/**
 * The streaming standby: a copy of the primary by pg_basebackup -R (which writes how to follow it) made once,
 * read-only (hot_standby) on its own port.
 */
export function startStandby(layout: Layout, secrets: Secrets): void {
  const dir = standbyDir(layout);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    ownedByPostgres(dir);
    const source = `host=127.0.0.1 port=${layout.ports.primary} user=replicator password=${secrets.replicationPassword}`;
    runPg(`${BIN}/pg_basebackup`, ['-d', source, '-D', dir, '-R', '-X', 'stream', '-c', 'fast'], pgLog(layout, 'standby'));
    // postgresql.auto.conf is read last: the primary's port setting, copied with its files, is overridden here.
    // hot_standby_feedback: a long export on the standby is not cancelled by the replay of the rows it reads (the
    // primary keeps them meanwhile, as it would for the same export on itself).
    fs.appendFileSync(path.join(dir, 'postgresql.auto.conf'), `port = ${layout.ports.standby}\nhot_standby_feedback = on\n`);
  }
  startServer(dir, pgLog(layout, 'standby'));
}

function startServer(dir: string, logFile: string): void {
  // Left running by a run that was killed: pg_ctl status says so, and it is used as it is.
  try {
    runPg(`${BIN}/pg_ctl`, ['status', '-D', dir], logFile);
    return;
  } catch {
    // Not running: started below.
  }
  runPg(`${BIN}/pg_ctl`, ['start', '-D', dir, '-l', logFile, '-w', '-t', '120'], logFile);
}

/** Stops both servers (fast: open sessions are ended); a server that is not running is left as it is. */
export function stopPostgres(layout: Layout): void {
  for (const [dir, which] of [[standbyDir(layout), 'standby'], [primaryDir(layout), 'primary']] as const) {
    if (!fs.existsSync(path.join(dir, 'postmaster.pid'))) continue;
    try {
      runPg(`${BIN}/pg_ctl`, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60'], pgLog(layout, which));
    } catch (err) {
      console.error((err as Error).message);
    }
  }
}

/** A file PostgreSQL's processes read (its owner's, 0600). */
export function writeForPostgres(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
  if (AS_ROOT) {
    const { uid, gid } = postgresUser();
    fs.chownSync(file, uid, gid);
  }
}
