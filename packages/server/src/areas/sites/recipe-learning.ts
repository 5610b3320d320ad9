import * as cheerio from 'cheerio';
import type { CrawlRecipe, MessageKey, RecipeMark } from '@portal/contract';
import type { AuthedContext, Services } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import type { CrawlRecipeJson } from '../../platform/schema.js';
import { readProduct, type ListingField } from '../crawler-tasks/extract.js';
import { CrawlError, PoliteFetcher, fetchSettings, type SiteForFetch } from '../crawler-tasks/fetcher.js';
import { CaptureBrowsers } from '../../platform/capture.js';
import { elementByText, fieldElement, selectorFor } from '../crawler-tasks/reading/learn-selectors.js';
import { clean } from '../crawler-tasks/reading/text.js';
import { MAX_VIEW_CHARS, elementAt, viewOf } from './recipe-page.js';
import * as repo from './repo.js';

/**
 * Teaching a site's recipe by example (issue 29 point 4). Pages are fetched exactly as the crawler fetches them (its
 * polite fetcher: robots.txt, the site's accounts, the private-address rule), and what a recipe reads is what a
 * crawl reads: `readProduct` with the recipe, keeping the fields the recipe witnessed.
 */

/**
 * One fetcher per portal process, as the worker keeps one: robots.txt is read once an hour and the site's accounts
 * rest between requests across the analyst's clicks. Fewer retries than a crawl: a person is waiting.
 */
const fetchers = new WeakMap<Services, PoliteFetcher>();
const teachSettings = (services: Services) => {
  const settings = fetchSettings({ ...process.env, CRAWLER_ALLOW_ORIGINS: services.config.crawler.allowOrigins.join(',') });
  return { ...settings, retries: Math.min(settings.retries, 1), retryBaseMs: Math.min(settings.retryBaseMs, 500) };
};
function fetcherOf(services: Services): PoliteFetcher {
  let f = fetchers.get(services);
  if (!f) {
    f = new PoliteFetcher(services.secrets, teachSettings(services));
    fetchers.set(services, f);
  }
  return f;
}

/**
 * A site read in a browser (`fetchWithBrowser`) is taught on the page as its scripts leave it, as the crawler reads
 * it: one Chromium for this page, under the crawler's address rule, closed once the page is read.
 */
async function fetchInBrowser(services: Services, site: SiteForFetch, url: string): Promise<{ html: string; url: string }> {
  const settings = teachSettings(services);
  const { chromiumPath, maxBytes } = services.config.capture;
  const browsers = new CaptureBrowsers({ executablePath: chromiumPath, browsers: 1, maxBytes, timeoutMs: settings.browserTimeoutMs, policy: settings.policy });
  try {
    return await new PoliteFetcher(services.secrets, settings, browsers).fetchPage(site, url);
  } finally {
    await browsers.close();
  }
}

/**
 * A page of the site: its host is the site's host or a subdomain of it (the site's `www.` aside), and on the same
 * port. No public-suffix list: a marketplace's item pages live under its own host (item.example.co.jp under
 * www.example.co.jp), and a sibling domain is another site.
 */
export function isPageOfSite(siteUrl: string, pageUrl: string): boolean {
  try {
    const site = new URL(siteUrl);
    const page = new URL(pageUrl);
    const base = site.hostname.replace(/^www\./, '');
    return (page.protocol === 'http:' || page.protocol === 'https:') && (page.hostname === base || page.hostname.endsWith(`.${base}`)) && (site.port === '' || page.port === site.port);
  } catch {
    return false;
  }
}

async function openSite(ctx: AuthedContext, siteId: number, url: string) {
  const row = await repo.findSite(ctx.db, siteId);
  if (!row) fail('objectNotFound');
  if (!isPageOfSite(row.url, url)) fail('pageNotOfSite', { url, host: hostOf(row.url) });
  const accounts = await repo.accountsOfSite(ctx.db, siteId);
  // The site as the worker builds it (worker.ts jobOf), so the fetch is the crawl's.
  const site: SiteForFetch = {
    id: row.id,
    maxConcurrency: row.max_concurrency,
    ignoreRobots: row.ignore_robots,
    fetchWithBrowser: row.fetch_with_browser,
    accounts: accounts.map((a) => ({ id: a.id, account: a.account, freezeSeconds: a.freeze_seconds ?? 0, headersSealed: a.headers_sealed, cookiesSealed: a.cookies_sealed })),
  };
  return { row, site };
}

/** The site's host for a message; a site address that is no URL (the site master takes free text) as it is. */
const hostOf = (siteUrl: string) => (URL.canParse(siteUrl) ? new URL(siteUrl).host : siteUrl);

/** The page as the crawler fetches it, or a clear error in the analyst's language. */
async function fetchForRecipe(ctx: AuthedContext, siteId: number, url: string): Promise<{ html: string; url: string; recipe: CrawlRecipeJson | null }> {
  const { row, site } = await openSite(ctx, siteId, url);
  let page: { html: string; url: string };
  try {
    page = site.fetchWithBrowser ? await fetchInBrowser(ctx.services, site, url) : await fetcherOf(ctx.services).fetchPage(site, url);
  } catch (e) {
    if (!(e instanceof CrawlError)) throw e;
    const detail = e.message;
    if (/private or local network/.test(detail)) fail('pagePrivate');
    if (/larger than the crawler reads/.test(detail)) fail('pageTooLarge');
    if (/robots\.txt|refused|blocked|answered HTTP 4/.test(detail)) fail('pageRefused', { detail });
    fail('pageUnreachable', { detail });
  }
  // A redirect off the site is another site's page.
  if (!isPageOfSite(row.url, page.url)) fail('pageNotOfSite', { url: page.url, host: hostOf(row.url) });
  // A picture, a PDF or JSON is not a page to mark: no tag at all in its first bytes, or binary.
  const head = page.html.slice(0, 2048);
  if (!/<[a-z!]/i.test(head) || head.includes('\u0000')) fail('pageNotHtml');
  return { ...page, recipe: row.crawl_recipe };
}

export async function openPage(ctx: AuthedContext, input: { siteId: number; url: string }) {
  const page = await fetchForRecipe(ctx, input.siteId, input.url);
  const html = viewOf(page.html, page.url);
  if (html.length > MAX_VIEW_CHARS) fail('pageTooLarge');
  return { page: { url: page.url, html } };
}

type Fields = Partial<Record<ListingField, string>>;

/** What the recipe's fields read on the page, as a crawl with that recipe reads them. */
export function readWithRecipe(html: string, url: string, fields: Fields): { extracted: Fields; empty: ListingField[] } {
  const reading = readProduct(html, url, { fields });
  const extracted: Fields = {};
  const empty: ListingField[] = [];
  for (const f of Object.keys(fields) as ListingField[]) {
    if (reading.sources[f] === 'recipe' && reading.listing[f] !== undefined) extracted[f] = reading.listing[f];
    else empty.push(f);
  }
  return { extracted, empty };
}

/** The clicked element, if it still shows what it showed when clicked; else the element that shows that now. */
function clickedElement($: cheerio.CheerioAPI, node: number, shows: string | undefined) {
  const el = elementAt($, node);
  const want = clean(shows);
  if (!want || (el && clean($(el).text())?.slice(0, 500) === want)) return el;
  return elementByText($, want);
}

export async function learnRecipe(ctx: AuthedContext, input: { siteId: number; url: string; marks: Partial<Record<ListingField, RecipeMark>> }) {
  const marks = Object.entries(input.marks) as [ListingField, RecipeMark][];
  if (marks.length === 0) fail('recipeNoMarks');
  const page = await fetchForRecipe(ctx, input.siteId, input.url);
  const $ = cheerio.load(page.html);
  const fields: Fields = {};
  const problems: Partial<Record<ListingField, MessageKey>> = {};
  for (const [field, mark] of marks) {
    const marked = 'node' in mark ? clickedElement($, mark.node, mark.shows) : elementByText($, mark.text);
    if (!marked) {
      problems[field] = 'node' in mark ? 'recipe.markNotFound' : 'recipe.textNotFound';
      continue;
    }
    const target = fieldElement($, marked, field);
    if (!target) {
      problems[field] = field === 'imageUrl' ? 'recipe.noImage' : 'recipe.noLink';
      continue;
    }
    const selector = selectorFor($, target.el, field);
    if (!selector) problems[field] = 'recipe.noUniqueSelector';
    else fields[field] = target.attr ? `${selector}@${target.attr}` : selector;
  }
  const { extracted, empty } = readWithRecipe(page.html, page.url, fields);
  for (const f of empty) problems[f] = 'recipe.readsNothing';
  return { recipe: { fields }, extracted, problems };
}

export async function tryRecipe(ctx: AuthedContext, input: { siteId: number; url: string; recipe: CrawlRecipe }) {
  const page = await fetchForRecipe(ctx, input.siteId, input.url);
  return { url: page.url, ...readWithRecipe(page.html, page.url, input.recipe.fields ?? {}) };
}
