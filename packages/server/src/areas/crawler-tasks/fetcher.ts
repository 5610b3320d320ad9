import { OutboundError, safeFetch, type OutboundPolicy } from '../../platform/outbound/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import { looksLikeLogin } from './extract.js';

/**
 * The crawler's polite fetch: at most `max_concurrency` requests per host at once (per worker process), the site's
 * accounts in turn, each resting its `freeze_seconds` after a request, retries with backoff on 429, 5xx and
 * timeouts, a blocked account (403, a sign-in page) rested and reported, robots.txt honoured unless the site says
 * otherwise. Account secrets are opened here, in the worker, and nowhere else.
 */

export const USER_AGENT = 'BrandProtectionPortal-Crawler/1.0 (+https://github.com/brand-protection-portal; crawler for brand owners)';

export interface SiteForFetch {
  id: number;
  maxConcurrency: number;
  ignoreRobots: boolean;
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

  constructor(private readonly secrets: SecretBox, private readonly settings: FetchSettings) {}

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

  private headersFor(account: SiteForFetch['accounts'][number] | undefined): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml' };
    if (!account) return headers;
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
    const cookies = this.secrets.open(account.cookiesSealed).trim();
    if (cookies) headers.cookie = cookies;
    headers['user-agent'] = USER_AGENT;
    return headers;
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

  /** The page's HTML and final address, or a CrawlError in words. */
  async fetchPage(site: SiteForFetch, raw: string, signal?: AbortSignal): Promise<{ html: string; url: string }> {
    const url = new URL(raw);
    if (!site.ignoreRobots && !robotsAllows(await this.robotsFor(url), url.pathname + url.search)) throw new CrawlError(`robots.txt of ${url.host} does not allow ${url.pathname}`);
    let lastError = '';
    const blocked = new Set<number>();
    for (let attempt = 0; attempt <= this.settings.retries; attempt++) {
      if (signal?.aborted) throw new CrawlError('stopped');
      const account = await this.nextAccount({ ...site, accounts: site.accounts.filter((a) => !blocked.has(a.id)) }, signal);
      const release = await this.slots.take(url.host, site.maxConcurrency);
      let retryAfterMs = 0;
      try {
        const res = await safeFetch(url.href, {
          ...this.settings.policy,
          headers: this.headersFor(account),
          maxBytes: this.settings.maxBytes,
          headersTimeoutMs: this.settings.headersTimeoutMs,
          bodyTimeoutMs: this.settings.bodyTimeoutMs,
          totalTimeoutMs: this.settings.headersTimeoutMs + this.settings.bodyTimeoutMs,
          ...(signal && { signal }),
        });
        const html = res.body.toString('utf8');
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
          retryAfterMs = Math.min(60_000, Number(res.headers['retry-after']) * 1000 || 0);
        } else if (res.status >= 400) {
          throw new CrawlError(`${url.href} answered HTTP ${res.status}`);
        } else {
          return { html, url: res.url };
        }
      } catch (e) {
        if (e instanceof CrawlError) throw e;
        if (!(e instanceof OutboundError)) throw e;
        if (e.code !== 'timeout' && e.code !== 'network') throw new CrawlError(outboundWords(e, url));
        lastError = outboundWords(e, url);
      } finally {
        release();
      }
      if (attempt < this.settings.retries) await sleep(Math.max(retryAfterMs, this.settings.retryBaseMs * 2 ** attempt), signal);
    }
    throw new CrawlError(`${lastError} (gave up after ${this.settings.retries + 1} tries)`);
  }
}

function outboundWords(e: OutboundError, url: URL): string {
  switch (e.code) {
    case 'blocked_address':
      return `${url.href} leads to a private or local network address, which the crawler does not visit (${e.message})`;
    case 'too_large':
      return `the page ${url.href} is larger than the crawler reads`;
    case 'timeout':
      return `${url.host} did not answer in time`;
    case 'too_many_redirects':
      return `${url.href} redirects too many times`;
    case 'bad_url':
      return `${url.href} is not a web address the crawler can read`;
    default:
      return `${url.host} could not be reached (${e.message})`;
  }
}
