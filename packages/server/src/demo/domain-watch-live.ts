import { startDnsZone } from '../areas/domain-watch/dns-zone.js';
import { lockWatch } from '../areas/domain-watch/queries.js';
import { startRun } from '../areas/domain-watch/schedule.js';
import type { Config } from '../platform/config.js';
import type { Services } from '../platform/context.js';
import { OFFICIAL_DOMAIN } from './brand-sites.js';
import { SAKURA_NAME } from './data.js';
import { demoZoneMisbehave, demoZoneRecords } from './look-alikes.js';

/**
 * The live half of the demo's domain watch (issue 32 point 5): with demo data on, the portal serves the demo's
 * look-alikes from a small DNS zone of its own (127.0.0.1, a free UDP port) and the domain watch asks it, so a run
 * finds them without any network; the sites of the live ones answer on the demo market's web server, by Host
 * (look-alike-hosts.ts). An administrator's own DNS_SERVERS wins: the zone is then not started.
 */

export type DemoZone = Awaited<ReturnType<typeof startDnsZone>>;

/** The zone started, unless DNS_SERVERS is set (then the watch asks those, and the demo's names do not exist). */
export async function startDemoZone(config: Config): Promise<DemoZone | undefined> {
  if (config.domainWatch.dnsServers) return undefined;
  return startDnsZone(demoZoneRecords(), demoZoneMisbehave);
}

/** The zone answers at once, in-process: the pace that spares public resolvers is not needed. */
const DEMO_ZONE_PER_SECOND = 2000;

/**
 * The configuration with the domain watch asking the demo's zone, and fetching the live look-alikes' pages where the
 * zone points them: the demo market's server (loopback, so private addresses allowed; the zone holds nothing else
 * the watch could be sent to, and the crawler's own rule stays as it was).
 */
export function useDemoZone(config: Config, zone: DemoZone, marketOrigin: string): Config {
  const domainWatch = { ...config.domainWatch, dnsServers: zone.server, dnsPerSecond: Math.max(config.domainWatch.dnsPerSecond, DEMO_ZONE_PER_SECOND) };
  return { ...config, domainWatch: { ...domainWatch, httpPort: Number(new URL(marketOrigin).port), allowPrivate: true } };
}

/**
 * A run of the demo watch queued at each start, so a newcomer finds a fresh one beside yesterday's seeded run (and
 * the new look-alikes since). Nothing when the demo data is not seeded or a run is already going on.
 */
export async function runDemoDomainWatch(services: Services): Promise<number | undefined> {
  const { db } = services;
  const watches = await db
    .selectFrom('domain_watch as w')
    .innerJoin('client as c', 'c.client_id', 'w.client_id')
    .select(['w.id', 'w.domains'])
    .where('c.client_name', '=', SAKURA_NAME)
    .where('c.deleted_at', 'is', null)
    .orderBy('w.id')
    .execute();
  const watchId = watches.find((w) => w.domains.includes(OFFICIAL_DOMAIN))?.id;
  if (watchId === undefined) return undefined;
  return db.transaction().execute(async (trx) => {
    // As run-now: the watch locked, so a tick starting it at the same moment waits and finds this run going on.
    if (!(await lockWatch(trx, watchId))) return undefined;
    return startRun(trx, services, watchId, services.clock());
  });
}
