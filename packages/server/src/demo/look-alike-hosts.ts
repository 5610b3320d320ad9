import { brandSitePage, type BrandSiteResponse } from './brand-sites.js';
import { DEMO_LOOK_ALIKES } from './look-alikes.js';

/**
 * The demo's web server by Host header (issue 32 point 5): a request for one of the demo's look-alike domains (its
 * zone points them at the server's address) gets that domain's site (brand-sites.ts); any other Host (the market's
 * own `127.0.0.1:port`) gets the market. A look-alike with no site, or a path its site does not have, answers 404,
 * never a market page, which would read as that domain's.
 */

const byHost = new Map(DEMO_LOOK_ALIKES.map((l) => [l.domain, l]));
const NOT_FOUND: BrandSiteResponse = { status: 404, contentType: 'text/html; charset=utf-8', body: Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>') };

/** The look-alike's answer for this Host and path; undefined when the Host is not a look-alike's. */
export function lookAlikeResponse(host: string | undefined, path: string): BrandSiteResponse | undefined {
  const name = host?.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  const lookAlike = name === undefined ? undefined : byHost.get(name);
  if (!lookAlike) return undefined;
  return (lookAlike.variant && brandSitePage(lookAlike.variant, path)) || NOT_FOUND;
}
