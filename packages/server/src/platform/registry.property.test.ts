import { Role } from '@portal/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './auth.js';
import { PUBLIC, type RegisteredCall } from './call.js';
import { registerAll } from '../app.js';
import { downloadQuery, hostile, schemaOf, topLevelProperties, valueOf, type HostileCase } from '../testing/arbitraries.js';
import { createClient, createUser, startTestPortal, type TestFile, type TestPortal } from '../testing/index.js';
import { WRITE_FIXTURES, seedClientObjects, type ClientObjects } from '../testing/write-fixtures.js';

/**
 * The property-based walk of the call registry: for every call, generated valid payloads and hostile mutations of
 * them, sent through the real HTTP stack as a role the call admits. Whatever arrives: never a 5xx, always the
 * common answer shape, never a stack trace or SQL text, and a refused call changes nothing in the database.
 * PROPERTY_RUNS sets the cases per call (15 in `npm test`, which keeps the whole suite under its half-hour on two
 * cores with 232 calls; `npm run bench:property` runs 2,000).
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);
/** While working on one area: PROPERTY_CALLS=upload walks only the calls whose path matches. */
const ONLY = new RegExp(process.env.PROPERTY_CALLS ?? '');
/** Tables a refused call may legitimately write: sign-in keeps failed tries and codes; sessions keep their clock. */
const MAY_CHANGE_WHEN_REFUSED = ['session_token', 'verification_code', 'throttle'];
/** What no answer may contain: a stack frame, a source path, or the text of a database error. */
const LEAK = /\n\s+at |node_modules|\.ts:\d+|syntax error at|violates .* constraint|relation "|column "|invalid input syntax|out of range for type|duplicate key|unterminated|ECONNREFUSED|TypeError|RangeError|Cannot read prop/;

let tp: TestPortal;
let clientId: number;
const actors: { staff: { userId: number; token: string }; client: { userId: number; token: string } } = {} as never;

beforeAll(async () => {
  tp = await startTestPortal();
  const db = tp.portal.services.db;
  // Each table's content as a multiset hash: every committed row change adds the new row's hash and takes away the
  // old one's, so a refused call that wrote and removed a row (an upload's short-lived import) nets to nothing,
  // while any change that stays shows. A rolled-back transaction leaves no trace at all.
  await sql`CREATE TABLE _write_audit (tbl text PRIMARY KEY, n numeric NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION _row_hash(r text) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$ SELECT (('x' || substr(md5(r), 1, 15))::bit(60)::bigint)::numeric $$`.execute(db);
  await sql`CREATE FUNCTION _audit_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE d numeric := 0;
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN d := d + _row_hash(NEW::text); END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN d := d - _row_hash(OLD::text); END IF;
      INSERT INTO _write_audit VALUES (TG_TABLE_NAME, d) ON CONFLICT (tbl) DO UPDATE SET n = _write_audit.n + d;
      RETURN NULL;
    END $$`.execute(db);
  // A partitioned table's trigger is cloned onto its partitions (migration 051), which therefore get none of their own.
  const { rows } = await sql<{ tablename: string }>`
    SELECT c.relname AS tablename FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname NOT LIKE '\\_%' AND c.relname NOT LIKE 'kysely%'`.execute(db);
  for (const { tablename } of rows) {
    await sql`CREATE TRIGGER audit_write AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(tablename)} FOR EACH ROW EXECUTE FUNCTION _audit_write()`.execute(db);
  }
  clientId = await createClient(tp);
  const staff = await createUser(tp, { role: Role.ANALYST | Role.ADMIN });
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: staff.userId }).execute();
  actors.staff = staff;
  actors.client = await createUser(tp, { role: Role.CLIENT, clientId });
}, 120_000);
afterAll(async () => {
  await tp?.close();
});

/** The content hash of every table a call has changed, less the ones a refused call may change. */
async function writes(): Promise<Record<string, string>> {
  const { rows } = await sql<{ tbl: string; n: string }>`SELECT tbl, n::text AS n FROM _write_audit WHERE n <> 0`.execute(tp.portal.services.db);
  return Object.fromEntries(rows.filter((r) => !MAY_CHANGE_WHEN_REFUSED.includes(r.tbl)).map((r) => [r.tbl, r.n]));
}

/** Undoes what earlier cases did to the actors (a removed client, a changed role, a logout), with fresh sessions. */
async function resetActors(): Promise<void> {
  const db = tp.portal.services.db;
  await db.updateTable('client').set({ deleted_at: null }).where('client_id', '=', clientId).execute();
  await db.updateTable('users').set({ deleted_at: null, user_role: Role.ANALYST | Role.ADMIN, client_id: null }).where('user_id', '=', actors.staff.userId).execute();
  await db.updateTable('users').set({ deleted_at: null, user_role: Role.CLIENT, client_id: clientId }).where('user_id', '=', actors.client.userId).execute();
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: actors.staff.userId }).onConflict((oc) => oc.doNothing()).execute();
  actors.staff.token = await createSession(db, actors.staff.userId, tp.clock.now);
  actors.client.token = await createSession(db, actors.client.userId, tp.clock.now);
}

function tokensFor(call: RegisteredCall): (string | undefined)[] {
  if (call.roles === PUBLIC) return [undefined];
  const out: string[] = [];
  if (call.roles & (Role.ANALYST | Role.ADMIN)) out.push(actors.staff.token);
  if (call.roles & Role.CLIENT) out.push(actors.client.token);
  return out;
}

type Multipart = { kind: 'multipart'; fields: Record<string, string>; file: TestFile | null };
type Case = { kind: 'valid'; body: unknown } | ({ kind: 'hostile' } & HostileCase) | Multipart;

/** Uploads as a browser sends them: the payload's fields as text, and a file of some name and bytes (or none). */
function multipartCases(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Case> {
  const asFields = (p: unknown) => Object.fromEntries(Object.entries(typeof p === 'object' && p !== null ? p : {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']));
  const name = fc.constantFrom('report.xlsx', 'report.xls', 'shot.png', 'shot.jpg', 'noext', '../../etc/passwd', 'a\u0000.xlsx', '\ud800.png', `${'x'.repeat(300)}.xlsx`);
  const file = fc.option(fc.record({ name, bytes: fc.uint8Array({ maxLength: 4_096 }).map((b) => Buffer.from(b)) }), { nil: null });
  return fc.tuple(fc.oneof(valid.map(asFields), fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 50 }))), file).map(([fields, f]): Case => ({ kind: 'multipart', fields, file: f }));
}

/**
 * Objects that use one another, built through the calls before every removal, so that removals meet objects still
 * in use (generated ids alone never build that state): a marketplace site with an account and a category, used by
 * a crawler task's subtask; a trademark named by a service request, a record and a takedown notice; a subcategory
 * a record is categorized with; reports whose records carry evidence, batches and notices.
 */
interface InUse extends ClientObjects {
  siteId: number;
  accountId: number;
  infringementCategoryId: number;
}

async function buildInUse(): Promise<InUse> {
  const staff = { ...actors.staff, mail: '', password: '' };
  // A client of its own each time (the seeded names are unique per client), managed by the walk's staff.
  const owner = await createClient(tp);
  await tp.portal.services.db.insertInto('client_manager').values({ client_id: owner, user_id: staff.userId }).execute();
  const o = await seedClientObjects(tp, owner, staff);
  const ok = async (path: string, body: Record<string, unknown>) => {
    const res = await tp.post(path, body, { token: staff.token });
    if (res.body.code !== 0) throw new Error(`building objects in use, ${path}: ${res.body.message}`);
    return res.body.data as Record<string, unknown>;
  };
  for (const path of ['/api/ec-data/update-record', '/api/service-request/create', '/api/takedown/mark-sent'] as const) {
    await ok(path, WRITE_FIXTURES.find((f) => f.path === path)!.payload(o));
  }
  const db = tp.portal.services.db;
  const { id: siteId } = await db.selectFrom('ec_site').select('id').where('name', '=', o.crawlSite).executeTakeFirstOrThrow();
  const { category_id: infringementCategoryId } = await db.selectFrom('infringement_subcategory').select('category_id').where('id', '=', o.subcategoryId).executeTakeFirstOrThrow();
  await ok('/api/analyst/update-ec-site', { siteId, categoryId: infringementCategoryId });
  const accounts = await ok('/api/analyst/ec-account/add', { siteId, account: 'walker', password: 'Walk-3r!' });
  const accountId = (accounts.account as { id: number }[])[0]!.id;
  return { ...o, siteId, accountId, infringementCategoryId };
}

/** Removals of the portal's own masters, named with the objects in use (the client's are the write fixtures'). */
const PORTAL_REMOVALS: Record<string, (o: InUse) => Record<string, unknown>> = {
  '/api/analyst/remove-ec-site': (o) => ({ siteId: o.siteId }),
  '/api/analyst/ec-account/remove': (o) => ({ id: o.accountId }),
  '/api/analyst/remove-infringement-category': (o) => ({ categoryId: o.infringementCategoryId }),
  '/api/analyst/remove-infringement-subcategory': (o) => ({ categoryId: o.infringementCategoryId, subcategoryId: o.subcategoryId }),
  '/api/admin/remove-client': (o) => ({ clientId: o.clientId }),
};

const isRemoval = (path: string) => /remove|delete|undo/.test(path);

/** The payload and file that remove an object still in use with this call, when it is a removal that has one. */
async function inUseCase(call: RegisteredCall): Promise<Case | null> {
  if (!isRemoval(call.path)) return null;
  const fixture = WRITE_FIXTURES.find((f) => f.path === call.path);
  const portal = PORTAL_REMOVALS[call.path];
  if (!fixture && !portal) return null;
  const o = await buildInUse();
  const body = portal ? portal(o) : fixture!.payload(o);
  if (!fixture?.file) return { kind: 'valid', body };
  const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
  return { kind: 'multipart', fields, file: await fixture.file(o) };
}

function casesFor(call: RegisteredCall): fc.Arbitrary<Case> {
  const schema = schemaOf(call.input);
  const pointsAtClient = topLevelProperties(schema).includes('clientId');
  // Valid payloads name the walk's own client, so they reach the handlers instead of the tenancy rule.
  const valid = valueOf(schema).map((p) => (pointsAtClient && typeof p === 'object' && p !== null ? { ...p, clientId } : p));
  return fc.oneof(
    valid.map((body): Case => ({ kind: 'valid', body })),
    hostile(valid).map((h): Case => ({ kind: 'hostile', ...h })),
    ...(call.upload ? [multipartCases(valid), multipartCases(valid)] : []),
  );
}

describe('every call of the registry, under generated and hostile payloads', () => {
  it('the content audit sees a change that stays, and neither a rolled-back one nor a row written and removed', async () => {
    const db = tp.portal.services.db;
    const start = await writes();
    const rolledBack = db.transaction().execute(async (tx) => {
      await tx.insertInto('news').values({ title: 'audit', url: 'https://example.com', news_date: '2026-01-01' }).execute();
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await writes()).toEqual(start);
    const { id } = await db.insertInto('news').values({ title: 'audit', url: 'https://example.com', news_date: '2026-01-01' }).returning('id').executeTakeFirstOrThrow();
    const changed = await writes();
    expect(changed).not.toEqual(start);
    await db.deleteFrom('news').where('id', '=', id).execute();
    expect(await writes()).toEqual(start);
  });

  it('never answers 5xx, leaks no stack or SQL, and changes nothing when it refuses', async () => {
    const calls = tp.portal.calls.filter((c) => ONLY.test(c.path));
    const tally = { cases: 0, accepted: 0, refused: 0, inUse: 0 };
    const failures: string[] = [];
    // Each call's share of the walk's time: the slowest are printed with the tally (the walk is CI's longest file).
    const spent: [string, number][] = [];
    for (const call of calls) {
      const started = performance.now();
      await resetActors();
      const tokens = tokensFor(call);
      // A removal first meets objects that others still use (as staff, who may remove them).
      const inUse = await inUseCase(call);
      if (inUse) tally.inUse++;
      let perCall = 0;
      // What accepted cases have written so far; a refused case must leave it exactly as it was.
      let committed = await writes();
      // Every call is walked even when one fails, so a run names all the calls that break.
      await fc.assert(
        fc.asyncProperty(casesFor(call), fc.nat({ max: tokens.length - 1 }), async (c, who) => {
          const token = tokens[who];
          const auth = token ? { token } : {};
          const res =
            c.kind === 'multipart' ? await tp.upload(call.path, c.fields, c.file, auth)
            : c.kind === 'hostile' && 'raw' in c ? await tp.post(call.path, undefined, { raw: c.raw, ...auth })
            : await tp.post(call.path, c.body, auth);
          perCall++;
          const sent = c.kind === 'multipart' ? { ...c.fields, file: c.file?.name } : 'raw' in c ? c.raw : c.body;
          const where = `${call.path} ${c.kind} ${JSON.stringify(sent).slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(typeof res.body.code, where).toBe('number');
          expect(typeof res.body.message, where).toBe('string');
          const refused = res.status !== 200 || res.body.code !== 0;
          if (refused) {
            expect(JSON.stringify(res.body), where).not.toMatch(LEAK);
            expect(await writes(), `${where}: a refused call changed the database`).toEqual(committed);
            tally.refused++;
          } else {
            expect(res.body.message, where).not.toMatch(LEAK);
            committed = await writes();
            tally.accepted++;
          }
        }),
        { numRuns: RUNS, endOnFailure: true, examples: inUse ? [[inUse, 0]] : [] },
      ).catch((err: unknown) => {
        const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
        const lines = (err instanceof Error ? err.message + cause : String(err)).split('\n');
        failures.push([call.path, ...lines.filter((l) => /Counterexample|Error|expected|changed/.test(l)).slice(0, 6)].join('\n'));
      });
      if (failures.length === 0) expect(perCall, call.path).toBeGreaterThanOrEqual(RUNS);
      tally.cases += perCall;
      spent.push([call.path, performance.now() - started]);
    }
    expect(failures).toEqual([]);
    // The generators reach the handlers, not only the validation: a fair share of the cases is accepted.
    if (!process.env.PROPERTY_CALLS) expect(tally.accepted).toBeGreaterThan(tally.cases / 10);
    // Every removal that has objects in use met them (the site used by a subtask, the trademark a request names...).
    if (!process.env.PROPERTY_CALLS) expect(tally.inUse).toBeGreaterThanOrEqual(Object.keys(PORTAL_REMOVALS).length + WRITE_FIXTURES.filter((f) => isRemoval(f.path)).length);
    process.stdout.write(`registry walk: ${calls.length} calls, ${tally.cases} cases, ${tally.accepted} accepted, ${tally.refused} refused, ${tally.inUse} removals of objects in use\n`);
    const slowest = spent.sort((a, b) => b[1] - a[1]).slice(0, 12);
    process.stdout.write(`slowest calls: ${slowest.map(([path, ms]) => `${path} ${(ms / 1000).toFixed(1)} s`).join(', ')}\n`);
  }, 900_000);
});

describe('every download of the registry, under generated and hostile query strings', () => {
  it('never answers 5xx and leaks no stack or SQL', async () => {
    const downloads = registerAll().downloads.filter((d) => ONLY.test(d.path));
    expect(downloads.length).toBeGreaterThan(0);
    for (const d of downloads) {
      await resetActors();
      const tokens = [actors.staff.token, ...(d.roles & Role.CLIENT ? [actors.client.token] : [])];
      await fc.assert(
        fc.asyncProperty(downloadQuery(clientId), fc.nat({ max: tokens.length - 1 }), async (query, who) => {
          const res = await tp.get(`${d.path}?${query}`, { token: tokens[who] });
          expect(res.status, `${d.path}?${query.slice(0, 300)}`).toBeLessThan(500);
          if (res.status !== 200) expect(res.bytes.toString(), `${d.path}?${query.slice(0, 300)}`).not.toMatch(LEAK);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
  }, 900_000);
});
