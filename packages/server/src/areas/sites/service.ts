import type { CrawlRecipe, Site, SiteAccount } from '@portal/contract';
import { COUNTRY_CODES } from '@portal/contract/code-lists';
import type { AuthedContext } from '../../platform/context.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import type { Selectable } from 'kysely';
import type { EcSiteAccountTable, EcSiteTable } from '../../platform/schema.js';

/**
 * The marketplace site master (document 2). Account secrets are sealed before they reach the database and are
 * write-only: no answer carries them, only whether each is set.
 */

type SiteRow = Selectable<EcSiteTable>;
type AccountRow = Selectable<EcSiteAccountTable>;

const presentSite = (s: SiteRow) => ({
  id: s.id,
  name: s.name,
  url: s.url,
  region: s.region,
  infrigementCategoryId: s.category_id,
  hasCrawler: s.has_crawler,
  remarks: s.remarks,
  crawlRecipe: s.crawl_recipe,
  maxConcurrency: s.max_concurrency,
  ignoreRobots: s.ignore_robots,
});

/** Secrets are write-only: an answer says whether each is set (an empty secret is sealed as ''), never opened. */
const isSet = (sealed: string) => sealed !== '';

function presentAccount(a: AccountRow): SiteAccount {
  return {
    id: a.id,
    account: a.account,
    passwordSet: isSet(a.password_sealed),
    phone: a.phone,
    freeze_seconds: a.freeze_seconds,
    headersSet: isSet(a.headers_sealed),
    cookiesSet: isSet(a.cookies_sealed),
    remarks: a.remarks,
  };
}

async function checkRefs(ctx: AuthedContext, input: { region?: string | undefined; categoryId?: number | undefined }): Promise<void> {
  if (input.region !== undefined && !COUNTRY_CODES.has(input.region)) fail('unknownCountry');
  if (input.categoryId !== undefined && !(await ctx.db.selectFrom('infringement_category').select('id').where('id', '=', input.categoryId).executeTakeFirst())) {
    fail('unknownCategory');
  }
}

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) fail('duplicateName');
    throw err;
  }
}

type CrawlerInput = { crawlRecipe?: CrawlRecipe | null | undefined; maxConcurrency?: number | undefined; ignoreRobots?: boolean | undefined };
/** The crawler's settings of a site: the recipe (null: read listings from structured data), concurrency, robots.txt. */
const crawlerChanges = (input: CrawlerInput) => ({
  ...(input.crawlRecipe !== undefined && { crawl_recipe: input.crawlRecipe === null ? null : JSON.stringify(input.crawlRecipe) }),
  ...(input.maxConcurrency !== undefined && { max_concurrency: input.maxConcurrency }),
  ...(input.ignoreRobots !== undefined && { ignore_robots: input.ignoreRobots }),
});

export async function list(ctx: AuthedContext, input: { current: number; pageSize: number; hasCrawler?: boolean | undefined }) {
  let q = ctx.db.selectFrom('ec_site');
  if (input.hasCrawler !== undefined) q = q.where('has_crawler', '=', input.hasCrawler);
  const [rows, total] = await Promise.all([
    q
      .selectAll('ec_site')
      .select((eb) => eb.selectFrom('ec_site_account').select(eb.fn.countAll<number>().as('n')).whereRef('ec_site_account.site_id', '=', 'ec_site.id').as('account_count'))
      .orderBy('id')
      .offset((input.current - 1) * input.pageSize)
      .limit(input.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { sites: rows.map((r) => ({ ...presentSite(r), accountCount: Number(r.account_count ?? 0) })), total: Number(total.n) };
}

export async function get(ctx: AuthedContext, siteId: number): Promise<{ site: Site }> {
  const row = await ctx.db.selectFrom('ec_site').selectAll().where('id', '=', siteId).executeTakeFirst();
  if (!row) fail('objectNotFound');
  return { site: { ...presentSite(row), accounts: (await accountsOf(ctx, siteId)).account } };
}

type AccountInput = { account: string; password: string; phone: string; freeze_seconds: number | null; headers: string; cookies: string; remarks: string };
const sealedAccount = (ctx: AuthedContext, a: AccountInput) => ({
  account: a.account,
  password_sealed: ctx.services.secrets.seal(a.password),
  phone: a.phone,
  freeze_seconds: a.freeze_seconds,
  headers_sealed: ctx.services.secrets.seal(a.headers),
  cookies_sealed: ctx.services.secrets.seal(a.cookies),
  remarks: a.remarks,
});

export async function create(
  ctx: AuthedContext,
  input: { siteName: string; siteURL: string; region: string; categoryId: number; hasCrawler: boolean; remarks: string; accounts: AccountInput[] } & CrawlerInput,
) {
  await checkRefs(ctx, input);
  const { id } = await unique(() =>
    ctx.db
      .insertInto('ec_site')
      .values({ name: input.siteName, url: input.siteURL, region: input.region, category_id: input.categoryId, has_crawler: input.hasCrawler, remarks: input.remarks, ...crawlerChanges(input) })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  if (input.accounts.length > 0) await ctx.db.insertInto('ec_site_account').values(input.accounts.map((a) => ({ site_id: id, ...sealedAccount(ctx, a) }))).execute();
  return get(ctx, id);
}

/** Only the fields sent are saved. */
export async function update(
  ctx: AuthedContext,
  input: { siteId: number; siteName?: string | undefined; siteURL?: string | undefined; region?: string | undefined; categoryId?: number | undefined; hasCrawler?: boolean | undefined; remarks?: string | undefined } & CrawlerInput,
) {
  await checkRefs(ctx, input);
  const changes = {
    ...(input.siteName !== undefined && { name: input.siteName }),
    ...(input.siteURL !== undefined && { url: input.siteURL }),
    ...(input.region !== undefined && { region: input.region }),
    ...(input.categoryId !== undefined && { category_id: input.categoryId }),
    ...(input.hasCrawler !== undefined && { has_crawler: input.hasCrawler }),
    ...(input.remarks !== undefined && { remarks: input.remarks }),
    ...crawlerChanges(input),
  };
  if (Object.keys(changes).length > 0) {
    const res = await unique(() => ctx.db.updateTable('ec_site').set(changes).where('id', '=', input.siteId).executeTakeFirst());
    if (Number(res.numUpdatedRows) === 0) fail('objectNotFound');
  }
  return get(ctx, input.siteId);
}

/**
 * A site that crawler tasks use stays: their subtasks, listings and history name it, so removing it would either
 * fail on their reference or erase another client's crawl history. The analyst removes those tasks first, or turns
 * the site's crawler off, which keeps the history and takes the site out of new tasks.
 */
export async function remove(ctx: AuthedContext, siteId: number) {
  const users = await ctx.db
    .selectFrom('crawler_subtask')
    .select((eb) => eb.fn.count<number>('task_id').distinct().as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  if (Number(users.n) > 0) fail('siteInUse', { count: Number(users.n) });
  let res;
  try {
    res = await ctx.db.deleteFrom('ec_site').where('id', '=', siteId).executeTakeFirst();
  } catch (err) {
    // A task made with the site between the check and the removal.
    if (isForeignKeyViolation(err)) fail('siteInUse', { count: 1 });
    throw err;
  }
  if (Number(res.numDeletedRows) === 0) fail('objectNotFound');
  return list(ctx, { current: 1, pageSize: 20 });
}

export async function accountsOf(ctx: AuthedContext, siteId: number) {
  const rows = await ctx.db.selectFrom('ec_site_account').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
  return { account: rows.map(presentAccount) };
}

export async function fetchAccounts(ctx: AuthedContext, siteId: number) {
  await get(ctx, siteId);
  return accountsOf(ctx, siteId);
}

export async function addAccount(ctx: AuthedContext, input: AccountInput & { siteId: number }) {
  await get(ctx, input.siteId);
  await ctx.db.insertInto('ec_site_account').values({ site_id: input.siteId, ...sealedAccount(ctx, input) }).execute();
  return accountsOf(ctx, input.siteId);
}

export async function updateAccount(ctx: AuthedContext, input: Partial<AccountInput> & { id: number }) {
  const row = await ctx.db.selectFrom('ec_site_account').select('site_id').where('id', '=', input.id).executeTakeFirst();
  if (!row) fail('objectNotFound');
  const { secrets } = ctx.services;
  const changes = {
    ...(input.account !== undefined && { account: input.account }),
    ...(input.password !== undefined && { password_sealed: secrets.seal(input.password) }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.freeze_seconds !== undefined && { freeze_seconds: input.freeze_seconds }),
    ...(input.headers !== undefined && { headers_sealed: secrets.seal(input.headers) }),
    ...(input.cookies !== undefined && { cookies_sealed: secrets.seal(input.cookies) }),
    ...(input.remarks !== undefined && { remarks: input.remarks }),
  };
  if (Object.keys(changes).length > 0) await ctx.db.updateTable('ec_site_account').set(changes).where('id', '=', input.id).execute();
  return accountsOf(ctx, row.site_id);
}

export async function removeAccount(ctx: AuthedContext, id: number) {
  const row = await ctx.db.selectFrom('ec_site_account').select('site_id').where('id', '=', id).executeTakeFirst();
  if (!row) fail('objectNotFound');
  await ctx.db.deleteFrom('ec_site_account').where('id', '=', id).execute();
  return accountsOf(ctx, row.site_id);
}
