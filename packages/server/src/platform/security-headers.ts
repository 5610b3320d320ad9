import type { FastifyInstance } from 'fastify';

/**
 * The policy the web app runs under. Scripts only from our own origin (Vite emits no inline script); styles also
 * inline, because Ant Design writes its CSS-in-JS into <style> tags at run time and React renders `style`
 * attributes, which no nonce can cover. Images may be data: or blob: URLs (upload previews, antd's built-in
 * pictures) or any web address: a record's detail shows the scraped product image and frames the listing's page
 * (the spec's "web page" tab; the frame is sandboxed without scripts, and neither gets a referrer). Nothing may
 * frame the portal.
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "frame-src https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers (JSON) and static assets are never documents: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A year, the usual minimum for HSTS preload lists. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every answer. A route that sets its own content-security-policy keeps it (downloads sandbox the
 * file they serve). HSTS only on requests that came over TLS: with TRUST_PROXY=1 Fastify reads the scheme from the
 * load balancer's X-Forwarded-Proto; without it only a direct TLS connection would count, and the portal serves
 * plain HTTP, so a plain-HTTP test setup never pins a browser to HTTPS.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('content-security-policy', type.startsWith('text/html') ? WEB_APP_CSP : API_CSP);
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
