import { buildPortal } from './app.js';
import { ensureFirstAdmin } from './platform/bootstrap.js';
import { readConfig } from './platform/config.js';
import { seedDemo } from './demo/seed.js';
import { prepareDemoMarket, seedDemoMarket } from './demo/market.js';
import { runDemoDomainWatch } from './demo/domain-watch-live.js';

/** An orchestrator (Kubernetes, systemd) kills after its own grace period; we are done well before: */
const SHUTDOWN_LIMIT_MS = 9_500;

/** Reads the environment, builds the portal, seeds what it should, listens, and shuts down cleanly. */
async function main() {
  const base = readConfig();
  // With demo data, the demo's own marketplace, and the crawler allowed that origin (and nothing else private).
  const { config, market } = await prepareDemoMarket(base);
  const portal = await buildPortal({ config, jobs: true });
  const log = portal.app.log;
  const admin = await ensureFirstAdmin(portal.services);
  if (admin) log.info(`created the first administrator ${admin} from ADMIN_MAIL`);
  const demo = config.demo ? await seedDemo(portal.services) : [];
  if (market) await seedDemoMarket(portal.services, market.origin);
  // The demo's domain watch runs once at each start against the demo's zone: a fresh run beside the seeded one.
  if (market?.dnsServer) await runDemoDomainWatch(portal.services);

  await portal.app.listen({ port: config.port, host: config.host });
  const lines = [
    `Portal ready at http://localhost:${config.port} (database: ${portal.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    ...(demo.length > 0 ? ['Demo accounts (sign-in codes are written to this log while SMTP_URL is not set):'] : []),
    ...demo.map((a) => `  ${a.role.padEnd(16)} ${a.mail.padEnd(24)} ${a.password}`),
    ...(market ? [`Demo marketplace for crawler tasks at ${market.origin} (the crawler may reach this origin only)`] : []),
    ...(market?.dnsServer ? [`Demo DNS zone of look-alike domains at ${market.dnsServer} (the domain watch asks it; its sites answer on the marketplace's port)`] : []),
  ];
  console.log(lines.join('\n'));

  // SIGTERM (an orchestrator) or SIGINT (Ctrl-C): stop accepting connections, answer the requests in flight, let
  // the job workers finish or hand their jobs back, close the database, exit 0. Whatever still runs after
  // SHUTDOWN_LIMIT_MS is cut off with exit code 1, so a stuck request cannot hold a deployment.
  const stop = (signal: string) => {
    log.info(`${signal}: shutting down`);
    setTimeout(() => {
      log.error(`${signal}: shutdown took longer than ${SHUTDOWN_LIMIT_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    Promise.all([portal.close(), market?.close()]).then(
      () => {
        log.info(`${signal}: stopped`);
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, `${signal}: shutdown failed`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
