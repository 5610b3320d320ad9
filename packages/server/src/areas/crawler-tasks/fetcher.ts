import type { CaptureBrowsers } from '../../platform/capture.js';
import { safeFetch, type OutboundPolicy } from '../../platform/outbound/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import { looksLikeLogin } from './extract.js';
import { browserTransport, PAGE_ACCEPT, plainTransport, TransportError, type Transport } from './transport.js';

/**
 * The crawler's polite fetch: at most `max_concurrency` requests per host at once (per worker process), the site's
 * accounts in turn, each resting its `freeze_seconds` after a request, retries with backoff on 429, 5xx and
 * timeouts, a blocked account (403, a sign-in page) rested and reported, robots.txt honoured unless the site says
 * otherwise. Account secrets are opened here, in the worker, and nowhere else. A site with `fetchWithBrowser` is
 * fetched through the capture browsers (its listings are built by script), with all of the above unchanged: only the
 * transport differs (transport.ts).
 */

export const USER_AGENT = 'BrandProtectionPortal-Crawler/1.0 (+https://github.com/brand-protection-portal; crawler for brand owners)';

export interface SiteForFetch {
  id: number;
  maxConcurrency: number;
  ignoreRobots: boolean;
  /** Fetch through the capture browsers and read the page after its scripts ran (absent: a plain fetch). */
  fetchWithBrowser?: boolean;
  accounts: { id: number; account: string; freezeSeconds: number; headersSealed: string; cookiesSealed: string }[];
}

export interface FetchSettings {
  policy: OutboundPolicy;
  retries: number;
  retryBaseMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxBytes: number;
  /** How long a blocked account rests before it is tried again. */
  blockedRestMs: number;
  /** Time allowed for one page in the browser (load, scripts and their requests). */
  browserTimeoutMs: number;
}

export function fetchSettings(env: NodeJS.ProcessEnv = process.env): FetchSettings {
  return {
    policy: { allowOrigins: (env.CRAWLER_ALLOW_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean) },
    retries: Number(env.CRAWLER_RETRIES ?? 3),
    retryBaseMs: Number(env.CRAWLER_RETRY_BASE_MS ?? 1000),
    headersTimeoutMs: Number(env.CRAWLER_TIMEOUT_MS ?? 15_000),
    bodyTimeoutMs: Number(env.CRAWLER_TIMEOUT_MS ?? 15_000),
    maxBytes: Number(env.CRAWLER_MAX_BYTES ?? 5 * 1024 * 1024),
    blockedRestMs: 10 * 60_000,
    browserTimeoutMs: Number(env.CRAWLER_BROWSER_TIMEOUT_MS ?? 30_000),
  };
}

/** A failure the subtask reports in words. */
export class CrawlError extends Error {
  constructor(message: string, readonly blocked = false) {
    super(message);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
  });

/** Counting semaphore per host. */
class HostSlots {
  private active = new Map<string, number>();
  private waiting = new Map<string, (() => void)[]>();
  async take(host: string, max: number): Promise<() => void> {
    for (;;) {
      const n = this.active.get(host) ?? 0;
      if (n < Math.max(1, max)) {
        this.active.set(host, n + 1);
        return () => {
          this.active.set(host, (this.active.get(host) ?? 1) - 1);
          this.waiting.get(host)?.shift()?.();
        };
      }
      await new Promise<void>((r) => this.waiting.set(host, [...(this.waiting.get(host) ?? []), r]));
    }
  }
}

/** robots.txt rules for one user agent: the longest matching Allow/Disallow prefix wins. */
export function robotsAllows(robots: string, path: string): boolean {
  const groups: { agents: string[]; rules: { allow: boolean; prefix: string }[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const [key, value] = [m[1]!.toLowerCase(), m[2]!.trim()];
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else {
      lastWasAgent = false;
      if (current && (key === 'allow' || key === 'disallow') && value !== '') current.rules.push({ allow: key === 'allow', prefix: value.replace(/\*$/, '') });
    }
  }
  const ours = groups.find((g) => g.agents.some((a) => a !== '*' && USER_AGENT.toLowerCase().includes(a))) ?? groups.find((g) => g.agents.includes('*'));
  let best: { allow: boolean; prefix: string } | undefined;
  for (const r of ours?.rules ?? []) if (path.startsWith(r.prefix) && (!best || r.prefix.length > best.prefix.length)) best = r;
  return best?.allow ?? true;
}

export class PoliteFetcher {
  private slots = new HostSlots();
  private accountFreeAt = new Map<number, number>();
  private robots = new Map<string, { text: string; at: number }>();

  private readonly plain: Transport;
  private readonly browser: Transport | undefined;

  /** `browsers`: the capture browsers of this process, for sites fetched with a browser (none: such a site fails in words). */
  constructor(private readonly secrets: SecretBox, private readonly settings: FetchSettings, browsers?: CaptureBrowsers) {
    this.plain = plainTransport(settings);
    this.browser = browsers && browserTransport(browsers, settings);
  }

  /** The account to use next: the one free soonest; waits for it. Undefined when the site has none. */
  private async nextAccount(site: SiteForFetch, signal: AbortSignal | undefined) {
    if (site.accounts.length === 0) return undefined;
    const pick = [...site.accounts].sort((a, b) => (this.accountFreeAt.get(a.id) ?? 0) - (this.accountFreeAt.get(b.id) ?? 0))[0]!;
    const wait = (this.accountFreeAt.get(pick.id) ?? 0) - Date.now();
    // Reserve it now so concurrent requests take the next account in turn.
    this.accountFreeAt.set(pick.id, Math.max(Date.now(), this.accountFreeAt.get(pick.id) ?? 0) + pick.freezeSeconds * 1000);
    if (wait > 0) await sleep(wait, signal);
    return pick;
  }

  /** The account's headers and cookies, opened (the cookies apart: a browser sets them as cookies, not a header). */
  private credentialsFor(account: SiteForFetch['accounts'][number] | undefined): { headers: Record<string, string>; cookies: string } {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: PAGE_ACCEPT };
    if (!account) return { headers, cookies: '' };
    const extra = this.secrets.open(account.headersSealed).trim();
    if (extra) {
      try {
        const parsed = JSON.parse(extra) as Record<string, unknown>;
        for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
      } catch {
        for (const line of extra.split(/\r?\n/)) {
          const i = line.indexOf(':');
          if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
        }
      }
    }
    const cookies = [headers.cookie, this.secrets.open(account.cookiesSealed).trim()].filter(Boolean).join('; ');
    delete headers.cookie;
    headers['user-agent'] = USER_AGENT;
    return { headers, cookies };
  }

  private async robotsFor(url: URL): Promise<string> {
    const cached = this.robots.get(url.origin);
    if (cached && Date.now() - cached.at < 3600_000) return cached.text;
    let text = '';
    try {
      const res = await safeFetch(`${url.origin}/robots.txt`, { ...this.settings.policy, headers: { 'user-agent': USER_AGENT }, maxBytes: 512 * 1024, headersTimeoutMs: this.settings.headersTimeoutMs, bodyTimeoutMs: this.settings.bodyTimeoutMs, totalTimeoutMs: 30_000 });
      if (res.status >= 200 && res.status < 300) text = res.body.toString('utf8');
    } catch {
      // no robots.txt to read: nothing is forbidden
    }
    this.robots.set(url.origin, { text, at: Date.now() });
    return text;
  }

  /**
   * The page's HTML and final address, or a CrawlError in words. With the validators of the page's last read (a
   * watch reading a listing again), the request is conditional (If-None-Match, If-Modified-Since) and a site that
   * answers 304 costs a header: `notModified`, no HTML. A page read in a browser is always read whole.
   */
  async fetchPage(site: SiteForFetch, raw: string, signal?: AbortSignal, validators?: PageValidators): Promise<FetchedPage> {
    const url = new URL(raw);
    if (!site.ignoreRobots && !robotsAllows(await this.robotsFor(url), url.pathname + url.search)) throw new CrawlError(`robots.txt of ${url.host} does not allow ${url.pathname}`);
    const transport = site.fetchWithBrowser ? this.browser : this.plain;
    if (!transport) throw new CrawlError(`${url.host} is fetched with a browser, and this process has none`);
    let lastError = '';
    const blocked = new Set<number>();
    for (let attempt = 0; attempt <= this.settings.retries; attempt++) {
      if (signal?.aborted) throw new CrawlError('stopped');
      const account = await this.nextAccount({ ...site, accounts: site.accounts.filter((a) => !blocked.has(a.id)) }, signal);
      const release = await this.slots.take(url.host, site.maxConcurrency);
      let retryAfterMs = 0;
      try {
        const credentials = this.credentialsFor(account);
        const conditional = site.fetchWithBrowser ? {} : conditionalHeaders(validators);
        const res = await transport(url.href, { ...credentials, headers: { ...credentials.headers, ...conditional }, ...(signal && { signal }) });
        if (res.status === 304 && Object.keys(conditional).length > 0) return { html: '', url: res.url, notModified: true, etag: validators?.etag, lastModified: validators?.lastModified };
        const { html } = res;
        if (res.status === 403 || (res.status < 300 && looksLikeLogin(html, res.url))) {
          lastError = account ? `account ${account.account} is blocked on ${url.host} (${res.status === 403 ? 'HTTP 403' : 'sign-in page'})` : `${url.host} refused the request (${res.status === 403 ? 'HTTP 403' : 'sign-in page'}); the site may need an account`;
          if (account) {
            blocked.add(account.id);
            this.accountFreeAt.set(account.id, Date.now() + this.settings.blockedRestMs);
          }
          if (!account || blocked.size === site.accounts.length) throw new CrawlError(lastError, true);
          continue;
        }
        if (res.status === 429 || res.status >= 500) {
          lastError = `${url.host} answered HTTP ${res.status}`;
          retryAfterMs = Math.min(60_000, Number(res.retryAfter) * 1000 || 0);
        } else if (res.status >= 400) {
          throw new CrawlError(`${url.href} answered HTTP ${res.status}`);
        } else {
          return { html, url: res.url, notModified: false, etag: res.etag, lastModified: res.lastModified };
        }
      } catch (e) {
        if (e instanceof CrawlError) throw e;
        if (!(e instanceof TransportError)) throw e;
        if (!e.retry) throw new CrawlError(e.message);
        lastError = e.message;
      } finally {
        release();
      }
      if (attempt < this.settings.retries) await sleep(Math.max(retryAfterMs, this.settings.retryBaseMs * 2 ** attempt), signal);
    }
    throw new CrawlError(`${lastError} (gave up after ${this.settings.retries + 1} tries)`);
  }
}

/** What a site said of a page's version, to ask next time whether it changed. */
export interface PageValidators {
  etag?: string | null | undefined;
  lastModified?: string | null | undefined;
}

export interface FetchedPage {
  html: string;
  url: string;
  /** The site answered 304 to a conditional request: the page is as it was. */
  notModified?: boolean;
  etag?: string | null | undefined;
  lastModified?: string | null | undefined;
}

function conditionalHeaders(v: PageValidators | undefined): Record<string, string> {
  return { ...(v?.etag && { 'if-none-match': v.etag }), ...(v?.lastModified && { 'if-modified-since': v.lastModified }) };
}
