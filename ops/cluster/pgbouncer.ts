import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Layout, Secrets } from './layout.js';
import { currentPrimary, writeForPostgres } from './postgres.js';
import { AS_ROOT, ownedByPostgres, signalGroup, spawnLogged, waitFor } from './run.js';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** The database name of the session-mode entry, for the cache listener's LISTEN (DATABASE_LISTEN_URL). */
export const LISTEN_DATABASE = 'portal_listen';

/**
 * PgBouncer in transaction mode in front of the primary: a server connection is the client's for one transaction
 * only, so 4 processes' pools (10 each) share 20 server connections. Clients and PgBouncer log in with the portal
 * role's password (SCRAM; PgBouncer keeps it in its own auth file, in the cluster's directory).
 */
export async function startPgBouncer(layout: Layout, secrets: Secrets): Promise<ChildProcess> {
  const ini = writePgBouncerConfig(layout, secrets);
  // PgBouncer refuses root: it switches to `postgres` itself (-u), whose directory holds its files. It logs to
  // stderr: logs/pgbouncer.log.
  const child = spawnLogged('pgbouncer', PGBOUNCER, [...(AS_ROOT ? ['-u', 'postgres'] : []), ini], { logDir: layout.logDir });
  await waitFor(`PgBouncer on port ${layout.ports.bouncer}`, 20_000, () => {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited (${child.exitCode}): see ${path.join(layout.logDir, 'pgbouncer.log')}`);
    return listening(layout.ports.bouncer);
  });
  return child;
}

/**
 * Its configuration, pointing at the node that is the primary now (db/roles.json). Two entries for the one database:
 * `portal` in transaction mode for every query, and `portal_listen` in session mode (a client keeps its server
 * connection, as LISTEN needs) for the cache listeners. Both go through PgBouncer, so a failover re-points both
 * with one reload and no portal process needs to know where the primary is.
 */
export function writePgBouncerConfig(layout: Layout, secrets: Secrets): string {
  const dir = path.join(layout.dbDir, 'pgbouncer');
  ownedByPostgres(dir);
  const server = `host=127.0.0.1 port=${currentPrimary(layout).port} dbname=portal`;
  const ini = path.join(dir, 'pgbouncer.ini');
  writeForPostgres(path.join(dir, 'users.txt'), `"portal" "${secrets.portalPassword}"\n`);
  writeForPostgres(
    ini,
    [
      '[databases]',
      `portal = ${server}`,
      // One listener per portal process, with room for more processes (or tests) beside them.
      `${LISTEN_DATABASE} = ${server} pool_mode=session pool_size=20`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${layout.ports.bouncer}`,
      // Empty: no socket file, TCP only (quotes would be taken as the directory's name).
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 500',
      // A server that is gone (a failover under way) fails a client's login after 5 s, not the default 15.
      'server_connect_timeout = 5',
      'server_login_retry = 1',
      '',
    ].join('\n'),
  );
  return ini;
}

/**
 * PgBouncer's console commands by signal, to its process (no admin user needed): `reload` (SIGHUP, as RELOAD) reads
 * the configuration again, and a database whose server changed gets new server connections; `pause` (SIGUSR1, as
 * PAUSE) lets the transactions in flight end and holds every new one, on its client connection, until `resume`
 * (SIGUSR2, as RESUME). The clients' connections stay through all three, so the portal's pools never notice.
 */
export function signalPgBouncer(pid: number, command: 'reload' | 'pause' | 'resume'): void {
  signalGroup(pid, ({ reload: 'SIGHUP', pause: 'SIGUSR1', resume: 'SIGUSR2' } as const)[command]);
}

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
