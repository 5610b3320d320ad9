import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LISTEN_DATABASE } from './pgbouncer.js';
import { currentStandby } from './postgres.js';

/** Where everything of one cluster lives, and on which ports (every one may be moved by the environment). */
export interface Layout {
  root: string;
  dir: string;
  /** PostgreSQL's files: owned by `postgres` when the cluster runs as root (PostgreSQL refuses root). */
  dbDir: string;
  logDir: string;
  ports: { http: number; primary: number; standby: number; bouncer: number; api: [number, number]; demoMarket: number };
  /** DEMO as the user set it; unset: the demo data, as `npm start`. */
  demo: boolean;
}

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function readLayout(env: NodeJS.ProcessEnv = process.env): Layout {
  const dir = path.resolve(ROOT, env.CLUSTER_DIR || '.cluster');
  const port = (name: string, fallback: number) => (Number(env[name]) > 0 ? Math.floor(Number(env[name])) : fallback);
  const primary = port('CLUSTER_PG_PORT', 5441);
  const api = port('CLUSTER_API_PORT', 3101);
  return {
    root: ROOT,
    dir,
    dbDir: path.join(dir, 'db'),
    logDir: path.join(dir, 'logs'),
    ports: { http: port('CLUSTER_HTTP_PORT', 8080), primary, standby: primary + 1, bouncer: port('CLUSTER_BOUNCER_PORT', 6441), api: [api, api + 1], demoMarket: api + 10 },
    demo: env.DEMO !== '0',
  };
}

/** Generated once into the cluster's directory (readable by its owner only), never in the repository. */
export interface Secrets {
  /** The portal's database role (through PgBouncer, and PgBouncer's to the primary). */
  portalPassword: string;
  /** The standby's streaming replication role. */
  replicationPassword: string;
  /** The superuser `postgres` of the cluster's own PostgreSQL (creating the role and database). */
  superPassword: string;
  /** Every portal process shares it: a value sealed by one opens on the others. */
  secretsKey: string;
  /** The bearer token of `GET /metrics`. */
  metricsToken: string;
}

export function loadSecrets(layout: Layout): Secrets {
  const file = path.join(layout.dir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets;
  const word = () => randomBytes(18).toString('base64url');
  const secrets: Secrets = { portalPassword: word(), replicationPassword: word(), superPassword: word(), secretsKey: randomBytes(32).toString('base64'), metricsToken: word() };
  fs.mkdirSync(layout.dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * The portal's database, all through PgBouncer: `DATABASE_URL` (transaction mode) and `DATABASE_LISTEN_URL` (its
 * session-mode entry, for LISTEN); and the standby (the node that is not the primary now) directly.
 */
export function portalUrls(layout: Layout, secrets: Secrets): { pooled: string; listen: string; standby: string } {
  const url = (port: number, db = 'portal') => `postgres://portal:${encodeURIComponent(secrets.portalPassword)}@127.0.0.1:${port}/${db}`;
  return { pooled: url(layout.ports.bouncer), listen: url(layout.ports.bouncer, LISTEN_DATABASE), standby: url(currentStandby(layout).port) };
}
