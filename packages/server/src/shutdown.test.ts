import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DB } from './testing/database.js';

/**
 * The real server (main.ts) as a child process on the embedded database or a PostgreSQL database of its own,
 * stopped with SIGTERM while a client is still sending a request: the request is answered, new connections are
 * refused, and the process exits 0 well within 10 s.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-drain-'));
const adminMail = 'admin@drain.test';
let databaseUrl = '';
let databaseName = '';

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  databaseName = `portal_drain_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(text).finally(() => admin.end());
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server's output as it arrives, and a way to wait for a line. */
function watch(child: ChildProcess) {
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return {
    text: () => output,
    async waitFor(needle: string, ms: number) {
      const deadline = Date.now() + ms;
      while (!output.includes(needle)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no "${needle}" within ${ms} ms:\n${output}`);
        await sleep(50);
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a new TCP connection is refused (the listening socket is closed). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

/** main.ts on its own port, the DATA_DIR and (on PostgreSQL) the database of this file, ready for requests. */
async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      ADMIN_MAIL: adminMail,
      ADMIN_PASSWORD: 'Drain-Passw0rd!',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const log = watch(child);
  await log.waitFor('Portal ready at', 90_000);
  expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
  /** The exit, or a code of null when there was none within 10 s of `since`. */
  const exitWithin10s = (since: number) => Promise.race([exited, sleep(since + 10_000 - Date.now()).then(() => ({ code: null, at: Number.POSITIVE_INFINITY }))]);
  return { port, child, log, exitWithin10s };
}

/**
 * A client on a slow line: its connection is accepted (a first request is answered on it) and its next request,
 * a real call, has sent its headers and half its body.
 */
async function halfSentRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(`GET /api/health HTTP/1.1\r\nHost: portal\r\n\r\n`);
  while (!received.includes('"status":"ok"')) await sleep(20);
  const body = JSON.stringify({ mail: adminMail });
  const half = Math.floor(body.length / 2);
  socket.write(`POST /api/requestcode HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`);
  await sleep(500);
  return {
    /** Sends the rest and gives the answer to the call. */
    async finish() {
      socket.write(body.slice(half));
      await closed;
      return received.slice(received.indexOf('HTTP/1.1', received.indexOf('"status":"ok"')));
    },
    abandon: () => socket.destroy(),
  };
}

describe(`SIGTERM on the server (${TEST_DB})`, () => {
  it('answers the request in flight, refuses new connections and exits 0 within 10 s', { timeout: 120_000 }, async () => {
    const { port, child, log, exitWithin10s } = await startServer();
    try {
      const request = await halfSentRequest(port);
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      await log.waitFor('SIGTERM: shutting down', 5_000);
      let refusedNew = await refused(port);
      while (!refusedNew && Date.now() - signalledAt < 3_000) refusedNew = await refused(port);
      expect(refusedNew).toBe(true);

      const answer = await request.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer.toLowerCase()).toContain('connection: close'); // the server hangs up after it, not the client
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 0 });

      const { code, at } = await exitWithin10s(signalledAt);
      expect(code, log.text()).toBe(0);
      expect(at - signalledAt).toBeLessThan(10_000);
      // The handler ran after the signal with the database and mailer still open: the code went out (to the log).
      expect(log.text()).toContain('Your verification code');
      expect(log.text()).toContain('SIGTERM: stopped');
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('cuts off a request that never completes and still exits within 10 s, with code 1', { timeout: 120_000 }, async () => {
    const { port, child, log, exitWithin10s } = await startServer();
    try {
      const request = await halfSentRequest(port);
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      const { code } = await exitWithin10s(signalledAt);
      expect(code, log.text()).toBe(1);
      expect(log.text()).toContain('shutdown took longer than');
      request.abandon();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
