import type { FastifyRequest } from 'fastify';
import type { Locale } from '@portal/contract';

/**
 * The language of an answer: the browser sends its current UI language in Accept-Language (the switch in the
 * header); a signed-in user without it gets their saved locale; everyone else English.
 */
export function requestLocale(req: FastifyRequest, saved?: Locale): Locale {
  const header = req.headers['accept-language'];
  if (typeof header === 'string' && header.length > 0) {
    const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('ja')) return 'ja';
    if (first.startsWith('en')) return 'en';
  }
  const cookie = req.cookies?.locale;
  if (cookie === 'ja' || cookie === 'en') return cookie;
  return saved ?? 'en';
}
