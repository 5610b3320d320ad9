import { buildPortal } from './app.js';
import { ensureFirstAdmin } from './platform/bootstrap.js';
import { readConfig } from './platform/config.js';
import { seedDemo } from './demo/seed.js';

/** Reads the environment, builds the portal, seeds what it should, listens, and shuts down cleanly. */
async function main() {
  const config = readConfig();
  const portal = await buildPortal({ config, jobs: true });
  const log = portal.app.log;
  const admin = await ensureFirstAdmin(portal.services);
  if (admin) log.info(`created the first administrator ${admin} from ADMIN_MAIL`);
  const demo = config.demo ? await seedDemo(portal.services) : [];

  await portal.app.listen({ port: config.port, host: config.host });
  const lines = [
    `Portal ready at http://localhost:${config.port} (database: ${portal.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    ...(demo.length > 0 ? ['Demo accounts (sign-in codes are written to this log while SMTP_URL is not set):'] : []),
    ...demo.map((a) => `  ${a.role.padEnd(16)} ${a.mail.padEnd(24)} ${a.password}`),
  ];
  console.log(lines.join('\n'));

  const stop = async (signal: string) => {
    log.info(`${signal}: shutting down`);
    await portal.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
