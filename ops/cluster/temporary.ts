import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './layout.js';

/** A cluster `npm run cluster` runs in a temporary directory on free ports: for the smoke test and the soak. */
export interface TemporaryCluster {
  dir: string;
  /** The environment it was started with (CLUSTER_DIR and the ports): `readLayout(env)` finds its parts. */
  env: NodeJS.ProcessEnv;
  ports: { http: number; pg: number; bouncer: number; api: number };
  child: ChildProcess;
  output(): string;
  /** Runs `npm run cluster -- <command>` (failover) on it; answers its exit code and output. */
  command(name: string): Promise<{ code: number | null; output: string }>;
  /** Ctrl-C's path (SIGTERM), then the directory removed. */
  stop(): Promise<void>;
}

const CLUSTER_TS = path.join(ROOT, 'ops/cluster.ts');

/** Starts it and waits until it printed its addresses (or fails with its output). */
export async function startTemporaryCluster(extraEnv: NodeJS.ProcessEnv, readyMs = 170_000): Promise<TemporaryCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  fs.chmodSync(dir, 0o755);
  const ports = { http: await freePorts(1), pg: await freePorts(2), bouncer: await freePorts(1), api: await freePorts(11) };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    CLUSTER_DIR: dir,
    CLUSTER_HTTP_PORT: String(ports.http),
    CLUSTER_PG_PORT: String(ports.pg),
    CLUSTER_BOUNCER_PORT: String(ports.bouncer),
    CLUSTER_API_PORT: String(ports.api),
  };
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', CLUSTER_TS], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const until = Date.now() + readyMs;
  while (!output.includes('stops everything')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the cluster did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    dir,
    env,
    ports,
    child,
    output: () => output,
    command: async (name) => {
      const run = spawn(process.execPath, ['--import', 'tsx', CLUSTER_TS, name], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let said = '';
      run.stdout?.on('data', (b: Buffer) => (said += b.toString()));
      run.stderr?.on('data', (b: Buffer) => (said += b.toString()));
      const code = await new Promise<number | null>((r) => run.once('exit', r));
      return { code, output: said };
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first of `count` consecutive free ports on 127.0.0.1 (the cluster takes the next ones for its pairs). */
export async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(first + i)));
    if (free.every(Boolean)) return first;
  }
}

export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
