import type { CrawlRecipe, Site, SiteAccount } from '@portal/contract';
import { COUNTRY_CODES } from '@portal/contract/code-lists';
import type { AuthedContext } from '../../platform/context.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import type { Selectable } from 'kysely';
import type { EcSiteAccountTable, EcSiteTable } from '../../platform/schema.js';
import * as repo from './repo.js';

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
  fetchWithBrowser: s.fetch_with_browser,
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
  if (input.categoryId !== undefined && !(await repo.categoryExists(ctx.db, input.categoryId))) fail('unknownCategory');
}

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) fail('duplicateName');
    throw err;
  }
}

type CrawlerInput = { crawlRecipe?: CrawlRecipe | null | undefined; maxConcurrency?: number | undefined; ignoreRobots?: boolean | undefined; fetchWithBrowser?: boolean | undefined };
/** The crawler's settings of a site: the recipe (null: read listings from structured data), concurrency, robots.txt, browser. */
const crawlerChanges = (input: CrawlerInput) => ({
  ...(input.crawlRecipe !== undefined && { crawl_recipe: input.crawlRecipe === null ? null : JSON.stringify(input.crawlRecipe) }),
  ...(input.maxConcurrency !== undefined && { max_concurrency: input.maxConcurrency }),
  ...(input.ignoreRobots !== undefined && { ignore_robots: input.ignoreRobots }),
  ...(input.fetchWithBrowser !== undefined && { fetch_with_browser: input.fetchWithBrowser }),
});

export async function list(ctx: AuthedContext, input: { current: number; pageSize: number; hasCrawler?: boolean | undefined }) {
  const { rows, total } = await repo.listSites(ctx.db, { offset: (input.current - 1) * input.pageSize, limit: input.pageSize, hasCrawler: input.hasCrawler });
  return { sites: rows.map((r) => ({ ...presentSite(r), accountCount: Number(r.account_count ?? 0) })), total };
}

export async function get(ctx: AuthedContext, siteId: number): Promise<{ site: Site }> {
  const row = await repo.findSite(ctx.db, siteId);
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
  const id = await unique(() =>
    repo.insertSite(ctx.db, { name: input.siteName, url: input.siteURL, region: input.region, category_id: input.categoryId, has_crawler: input.hasCrawler, remarks: input.remarks, ...crawlerChanges(input) }),
  );
  if (input.accounts.length > 0) await repo.insertAccounts(ctx.db, id, input.accounts.map((a) => sealedAccount(ctx, a)));
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
    if ((await unique(() => repo.updateSite(ctx.db, input.siteId, changes))) === 0) fail('objectNotFound');
  }
  return get(ctx, input.siteId);
}

/**
 * A site that crawler tasks use stays: their subtasks, listings and history name it, so removing it would either
 * fail on their reference or erase another client's crawl history. The analyst removes those tasks first, or turns
 * the site's crawler off, which keeps the history and takes the site out of new tasks.
 */
export async function remove(ctx: AuthedContext, siteId: number) {
  const users = await repo.countTasksUsingSite(ctx.db, siteId);
  if (users > 0) fail('siteInUse', { count: users });
  let deleted;
  try {
    deleted = await repo.deleteSite(ctx.db, siteId);
  } catch (err) {
    // A task made with the site between the check and the removal.
    if (isForeignKeyViolation(err)) fail('siteInUse', { count: 1 });
    throw err;
  }
  if (deleted === 0) fail('objectNotFound');
  return list(ctx, { current: 1, pageSize: 20 });
}

export async function accountsOf(ctx: AuthedContext, siteId: number) {
  const rows = await repo.accountsOfSite(ctx.db, siteId);
  return { account: rows.map(presentAccount) };
}

export async function fetchAccounts(ctx: AuthedContext, siteId: number) {
  await get(ctx, siteId);
  return accountsOf(ctx, siteId);
}

export async function addAccount(ctx: AuthedContext, input: AccountInput & { siteId: number }) {
  await get(ctx, input.siteId);
  await repo.insertAccounts(ctx.db, input.siteId, [sealedAccount(ctx, input)]);
  return accountsOf(ctx, input.siteId);
}

export async function updateAccount(ctx: AuthedContext, input: Partial<AccountInput> & { id: number }) {
  const siteId = await repo.siteOfAccount(ctx.db, input.id);
  if (siteId === undefined) fail('objectNotFound');
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
  if (Object.keys(changes).length > 0) await repo.updateAccount(ctx.db, input.id, changes);
  return accountsOf(ctx, siteId);
}

export async function removeAccount(ctx: AuthedContext, id: number) {
  const siteId = await repo.siteOfAccount(ctx.db, id);
  if (siteId === undefined) fail('objectNotFound');
  await repo.deleteAccount(ctx.db, id);
  return accountsOf(ctx, siteId);
}
