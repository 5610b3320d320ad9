import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The text files worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of at least
 * 1 kB under `dir`, once, at build time; the server sends the copy the browser accepts as it is (app.ts,
 * serveWebApp). A copy that is not smaller than the file is not written. Returns what was written.
 */
export function precompress(dir: string): { file: string; bytes: number; br: number; gzip: number }[] {
  const written: { file: string; bytes: number; br: number; gzip: number }[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gzip = gzipSync(body, { level: 9 });
    if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
    if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
    written.push({ file: path.relative(dir, file), bytes: body.length, br: br.length, gzip: gzip.length });
  }
  return written;
}

/** Precompresses the build's output once Vite has written it (`vite build` only). */
export function precompressPlugin(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    writeBundle(output) {
      if (output.dir) precompress(output.dir);
    },
  };
}
