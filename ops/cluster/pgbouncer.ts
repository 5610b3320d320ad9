import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Layout, Secrets } from './layout.js';
import { writeForPostgres } from './postgres.js';
import { AS_ROOT, ownedByPostgres, spawnLogged, waitFor } from './run.js';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * PgBouncer in transaction mode in front of the primary: a server connection is the client's for one transaction
 * only, so 4 processes' pools (10 each) share 20 server connections. Clients and PgBouncer log in with the portal
 * role's password (SCRAM; PgBouncer keeps it in its own auth file, in the cluster's directory).
 */
export async function startPgBouncer(layout: Layout, secrets: Secrets): Promise<ChildProcess> {
  const dir = path.join(layout.dbDir, 'pgbouncer');
  ownedByPostgres(dir);
  writeForPostgres(path.join(dir, 'users.txt'), `"portal" "${secrets.portalPassword}"\n`);
  writeForPostgres(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `portal = host=127.0.0.1 port=${layout.ports.primary} dbname=portal`,
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
      '',
    ].join('\n'),
  );
  // PgBouncer refuses root: it switches to `postgres` itself (-u), whose directory holds its files. It logs to
  // stderr: logs/pgbouncer.log.
  const child = spawnLogged('pgbouncer', PGBOUNCER, [...(AS_ROOT ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { logDir: layout.logDir });
  await waitFor(`PgBouncer on port ${layout.ports.bouncer}`, 20_000, () => {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited (${child.exitCode}): see ${path.join(layout.logDir, 'pgbouncer.log')}`);
    return listening(layout.ports.bouncer);
  });
  return child;
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
