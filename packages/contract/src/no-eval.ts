import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that on first use. The browser
 * runs the portal under a content security policy without 'unsafe-eval', where the probe is refused and reported
 * as a violation on every page. Zod decides when a schema is built, so the web app calls this before the contract's
 * schemas exist (this entry point imports nothing else). The server keeps the faster compiled parsers.
 */
export function validateWithoutEval(): void {
  z.config({ jitless: true });
}
