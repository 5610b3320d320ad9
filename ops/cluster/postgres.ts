import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Layout, Secrets } from './layout.js';
import { AS_ROOT, ownedByPostgres, postgresUser, runPg } from './run.js';

/** Debian's PostgreSQL 15 (postgresql-15), the server's own binaries, not its system cluster. */
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * The two PostgreSQL nodes, named by the role each was first made for: `db/primary` on the cluster's port and
 * `db/standby` on the next. A failover (failover.ts) swaps their roles, and records it in `db/roles.json`, so the
 * next start runs the promoted node as the primary and makes the other again as its standby.
 */
export type PgNode = 'primary' | 'standby';
interface Roles {
  primary: PgNode;
  /** The old primary after a failover: its files may hold changes the new primary never had, so it is made again. */
  standbyStale?: boolean;
}
const rolesFile = (layout: Layout) => path.join(layout.dbDir, 'roles.json');

export function readRoles(layout: Layout): Roles {
  return fs.existsSync(rolesFile(layout)) ? (JSON.parse(fs.readFileSync(rolesFile(layout), 'utf8')) as Roles) : { primary: 'primary' };
}

export function writeRoles(layout: Layout, roles: Roles): void {
  fs.writeFileSync(rolesFile(layout), JSON.stringify(roles));
}

/** Where a node keeps its files and which port it listens on. */
export function pgNode(layout: Layout, node: PgNode): { node: PgNode; dir: string; port: number; log: string } {
  return { node, dir: path.join(layout.dbDir, node), port: node === 'primary' ? layout.ports.primary : layout.ports.standby, log: pgLog(layout, node) };
}

/** The node serving as primary now, and the other. */
export function currentPrimary(layout: Layout): ReturnType<typeof pgNode> {
  return pgNode(layout, readRoles(layout).primary);
}
export function currentStandby(layout: Layout): ReturnType<typeof pgNode> {
  return pgNode(layout, readRoles(layout).primary === 'primary' ? 'standby' : 'primary');
}

/** PostgreSQL's own logs stay beside its files: it writes them as `postgres`. */
export const pgLog = (layout: Layout, which: PgNode) => path.join(layout.dbDir, `${which}.log`);

/**
 * The primary: made once with initdb (kept and reused by later runs), listening on 127.0.0.1 only (TCP, no socket
 * file), with password logins (SCRAM) and WAL for a streaming standby; then started, and its portal role, portal
 * database and replication role made when missing.
 */
export async function startPrimary(layout: Layout, secrets: Secrets): Promise<void> {
  const { dir, port, log } = currentPrimary(layout);
  ownedByPostgres(layout.dbDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    ownedByPostgres(dir);
    const pwfile = path.join(layout.dbDir, 'initdb.pw');
    writeForPostgres(pwfile, `${secrets.superPassword}\n`);
    try {
      runPg(`${BIN}/initdb`, ['-D', dir, '-U', 'postgres', `--pwfile=${pwfile}`, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'], log);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.appendFileSync(
      path.join(dir, 'postgresql.conf'),
      [
        '',
        '# npm run cluster (ops/cluster/postgres.ts)',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 5',
        'wal_keep_size = 256MB',
        'hot_standby = on',
        // PgBouncer's pools (20 in transaction mode, 20 for listeners), the standby, and room for an operator.
        'max_connections = 100',
        '',
      ].join('\n'),
    );
    writeForPostgres(path.join(dir, 'pg_hba.conf'), ['host all all 127.0.0.1/32 scram-sha-256', 'host replication replicator 127.0.0.1/32 scram-sha-256', ''].join('\n'));
  }
  startServer(dir, log);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: secrets.superPassword, database: 'postgres' });
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
 * read-only (hot_standby) on its own port. After a failover the old primary is made again this way, from the new.
 */
export function startStandby(layout: Layout, secrets: Secrets): void {
  const roles = readRoles(layout);
  const { dir, port, log } = currentStandby(layout);
  if (roles.standbyStale || !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    ownedByPostgres(dir);
    const source = `host=127.0.0.1 port=${currentPrimary(layout).port} user=replicator password=${secrets.replicationPassword}`;
    runPg(`${BIN}/pg_basebackup`, ['-d', source, '-D', dir, '-R', '-X', 'stream', '-c', 'fast'], log);
    // postgresql.auto.conf is read last: the primary's port setting, copied with its files, is overridden here.
    // hot_standby_feedback: a long export on the standby is not cancelled by the replay of the rows it reads (the
    // primary keeps them meanwhile, as it would for the same export on itself).
    fs.appendFileSync(path.join(dir, 'postgresql.auto.conf'), `port = ${port}
hot_standby_feedback = on
`);
    if (roles.standbyStale) writeRoles(layout, { primary: roles.primary });
  }
  startServer(dir, log);
}

export function startServer(dir: string, logFile: string): void {
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
  for (const node of [currentStandby(layout), currentPrimary(layout)]) {
    try {
      stopServer(node);
    } catch (err) {
      console.error((err as Error).message);
    }
  }
}

/** Stops one server, fast (open sessions are ended); nothing when it is not running. */
export function stopServer(node: { dir: string; log: string }): void {
  if (fs.existsSync(path.join(node.dir, 'postmaster.pid'))) runPg(`${BIN}/pg_ctl`, ['stop', '-D', node.dir, '-m', 'fast', '-w', '-t', '60'], node.log);
}

/** Ends the standby's recovery: it becomes a primary, writable, on its own timeline (pg_ctl waits until it is). */
export function promote(node: { dir: string; log: string }): void {
  runPg(`${BIN}/pg_ctl`, ['promote', '-D', node.dir, '-w', '-t', '60'], node.log);
}

/** A file PostgreSQL's processes read (its owner's, 0600). */
export function writeForPostgres(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
  if (AS_ROOT) {
    const { uid, gid } = postgresUser();
    fs.chownSync(file, uid, gid);
  }
}
