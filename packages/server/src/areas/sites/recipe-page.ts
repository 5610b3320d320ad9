import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';

/**
 * A fetched page as the analyst sees it to teach a recipe (issue 29 point 4). Every element of the page as the
 * crawler parses it gets its document-order number, so a click in the shown copy names the same element when the
 * server parses the page again (`elementAt`). The shown copy cannot act: no scripts, event handlers, frames,
 * objects, refreshes, form targets or stylesheets from elsewhere, and every address in it is absolute.
 *
 * Why absolute addresses rather than a `<base>`: the portal's content security policy (`base-uri 'self'`) applies
 * to a srcdoc frame too. Why external stylesheets and fonts go: the same policy allows styles and fonts only from
 * the portal, so they would not load anyway, and each refusal is a reported violation; inline styles stay.
 */

export const NODE_ATTR = 'data-bpp-node';
/** The largest copy the portal sends to a browser (a page is read up to the crawler's limit, 5 MB by default). */
export const MAX_VIEW_CHARS = 3 * 1024 * 1024;

/** Every element in document order, as `$('*')` lists them: the numbers a click names. */
export const elementsOf = ($: cheerio.CheerioAPI): Element[] => $('*').toArray().filter((e): e is Element => e.type === 'tag');

export function elementAt($: cheerio.CheerioAPI, node: number): Element | undefined {
  return elementsOf($)[node];
}

const REMOVED = 'script, noscript, iframe, frame, frameset, object, embed, applet, portal, base, link, meta[http-equiv], template';
const URL_ATTRS = ['href', 'src', 'poster', 'action', 'formaction', 'background', 'cite', 'data'];

function absoluteOrNone(value: string, pageUrl: string): string | undefined {
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The copy of the page the browser shows: numbered, inert, with absolute addresses. */
export function viewOf(html: string, pageUrl: string): string {
  const $ = cheerio.load(html);
  elementsOf($).forEach((el, i) => {
    el.attribs[NODE_ATTR] = String(i);
  });
  // The page's own <base> resolves its relative addresses, as in a browser; it goes with the rest.
  const base = absoluteOrNone($('base[href]').first().attr('href') ?? '', pageUrl) ?? pageUrl;
  $(REMOVED).remove();
  $('form').removeAttr('action').removeAttr('target');
  for (const el of elementsOf($)) {
    for (const name of Object.keys(el.attribs)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || lower === 'srcset' || lower === 'imagesrcset' || lower === 'ping' || lower === 'target' || lower === 'srcdoc') delete el.attribs[name];
      else if (URL_ATTRS.includes(lower)) {
        const abs = absoluteOrNone(el.attribs[name]!, base);
        if (abs === undefined) delete el.attribs[name];
        else el.attribs[name] = abs;
      }
    }
    if (el.tagName === 'source' && !el.attribs.src) $(el).remove();
  }
  // Inline styles stay; what they would fetch from elsewhere than images allow does not.
  $('style').each((_, s) => {
    $(s).text($(s).text().replace(/@import[^;]*;?/gi, '').replace(/@font-face\s*\{[^}]*\}/gi, ''));
  });
  return $.html();
}
