import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { Role } from '@portal/contract';
import type { Db } from '../platform/db.js';

/** A route of the web app's route table and the roles that may open it (spec 2.3: `user_role & roles`). */
export interface TableRoute {
  path: string;
  roles: number;
}

const ROLE_NAMES: Record<string, number> = {
  CLIENT: Role.CLIENT,
  ANALYST: Role.ANALYST,
  ADMIN: Role.ADMIN,
  ONLINE: Role.CLIENT | Role.ANALYST,
  STAFF_ROLES: Role.ANALYST | Role.ADMIN,
  ALL_ROLES: Role.CLIENT | Role.ANALYST | Role.ADMIN,
};

/**
 * The route table's paths and who may open them, read from its source (`path: '…', roles: MASK`), so the browser
 * walks (the axe walk, the first-load benchmark) follow every route the table gains without importing React code.
 */
export function readRouteTable(): TableRoute[] {
  const file = path.resolve(import.meta.dirname, '../../../web/src/app/routeTable.ts');
  const table = fs.readFileSync(file, 'utf8');
  // Objects (`path: '/home', roles: ALL_ROLES,`) and the service request routes' tuples (`['/biz-support', ALL_ROLES, 'bizSupport']`).
  const routes = [...table.matchAll(/(?:path: |\[)'(\/[^']*)',\s*(?:roles: )?([A-Z_ |]+?),/g)].map((m) => ({
    path: m[1]!,
    roles: m[2]!.split('|').reduce((mask, name) => mask | (ROLE_NAMES[name.trim()] ?? 0), 0),
  }));
  if (routes.length < 50 || routes.some((r) => r.roles === 0)) throw new Error(`the route table's shape changed: ${routes.length} routes read from ${file}`);
  return routes;
}

/**
 * Turns a route with parameters (`/trademark/:id`) into an address of the demo data (`seedDemo`) that the demo's
 * client user, analyst and administrator may all open: ids of the first demo client's rows.
 */
export async function demoAddresses(db: Db): Promise<(route: string) => string> {
  const one = async (query: ReturnType<typeof sql<{ id: number | null }>>) => (await query.execute(db)).rows[0]?.id ?? 1;
  const clientId = await one(sql`SELECT client_id AS id FROM users WHERE user_mail = 'client@example.com'`);
  const ids: Record<string, number> = {
    client: clientId,
    user: await one(sql`SELECT min(user_id) AS id FROM users WHERE client_id IS NOT NULL`),
    analyst: await one(sql`SELECT user_id AS id FROM users WHERE user_mail = 'analyst@example.com'`),
    site: await one(sql`SELECT min(id) AS id FROM ec_site`),
    task: await one(sql`SELECT min(id) AS id FROM crawler_task WHERE client_id = ${clientId}`),
    watch: await one(sql`SELECT min(id) AS id FROM watch WHERE client_id = ${clientId}`),
    // None before the demo has a domain watch: the page then says "not found" (a page the walk checks too).
    domainWatch: await one(sql`SELECT min(id) AS id FROM domain_watch WHERE client_id = ${clientId}`),
    trademark: await one(sql`SELECT min(trademark_id) AS id FROM trademark WHERE client_id = ${clientId}`),
    request: await one(sql`SELECT min(request_id) AS id FROM service_request WHERE client_id = ${clientId}`),
    ec: await one(sql`SELECT min(ec_id) AS id FROM ec_record WHERE client_id = ${clientId} AND published`),
    ws: await one(sql`SELECT min(ws_id) AS id FROM ws_record WHERE client_id = ${clientId} AND published`),
    sns: await one(sql`SELECT min(sns_id) AS id FROM sns_record WHERE client_id = ${clientId} AND published`),
  };
  return (route) => {
    const kind = /^\/(ec|ws|sns)-data\//.exec(route)?.[1];
    if (kind) return route.replace(':cid', String(clientId)).replace(':rid', String(ids[kind]));
    const id =
      route.startsWith('/manage/client/') ? ids.client
      : route.startsWith('/manage/analyst/') ? ids.analyst
      : route.startsWith('/manage/') ? ids.user
      : route.startsWith('/analyst/ec-site/') ? ids.site
      : route.startsWith('/task/') ? ids.task
      : route.startsWith('/analyst/watches/') ? ids.watch
      : route.startsWith('/domain-watch/') ? ids.domainWatch
      : route.startsWith('/trademark/') ? ids.trademark
      : ids.request;
    return route.replace(/:\w+/g, String(id));
  };
}
