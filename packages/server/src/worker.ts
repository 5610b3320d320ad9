import { buildPortal } from './app.js';
import { readConfig } from './platform/config.js';

/**
 * `npm run worker`: a process that only works jobs (the crawler's pages and listings, the daily jobs) on the same
 * database as the servers, so the crawl spreads over any number of processes and machines. It serves no HTTP.
 */
async function main() {
  const portal = await buildPortal({ config: readConfig(), jobs: true, crawlerWorker: true });
  portal.app.log.info('worker ready: crawler jobs and daily jobs');
  const stop = (signal: string) => {
    portal.app.log.info(`${signal}: stopping the worker`);
    setTimeout(() => process.exit(1), 9_500).unref();
    portal.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
