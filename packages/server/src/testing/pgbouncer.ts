import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's PgBouncer (bookworm: 1.18, which passes no named prepared statement through transaction mode). */
const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface TestPgBouncer {
  /** `url` with PgBouncer's host and port instead of the database server's. */
  via(url: string): string;
  /** What PgBouncer wrote to its log (a failing test shows it). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of the test's own in transaction mode, on a free port of 127.0.0.1, in front of the database server of
 * `serverUrl` (any database: test databases are made per file). Installed with apt-get when missing: it is a Debian
 * package, and a test that skips proves nothing. PgBouncer refuses to run as root: as root it switches to `postgres`.
 */
export async function startTestPgBouncer(serverUrl: string): Promise<TestPgBouncer> {
  if (!fs.existsSync(PGBOUNCER)) execFileSync('apt-get', ['install', '-y', 'pgbouncer'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // Empty: no socket file, TCP only (quotes would be taken as the directory's name).
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      // Server connections taken in turn rather than the last used first: a client's next transaction lands on
      // another server connection, as it does under load, so session state that leaks shows at once.
      'server_round_robin = 1',
      // Every portal of a test file and its listener-less pools fit; more waiting clients would only queue.
      'default_pool_size = 20',
      'max_client_conn = 200',
      // The tests create and drop their databases directly, not through PgBouncer: its pools of a dropped database go.
      'server_check_delay = 0',
      '',
    ].join('\n'),
  );
  const args = [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')];
  const child = spawn(PGBOUNCER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // It logs to stderr (a log file would have to be writable by the user it switches to).
  const log = () => stderr;
  await waitForPort(port, child, log);
  return {
    via(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port}:\n${log()}`);
}
