import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The first load's weight (issue 16, point 8): builds the web package as `npm run build` does (into a temporary
 * folder, with Vite's manifest, so packages/web/dist is left as it is) and reports, gzip-compressed, the shell (the
 * entry chunk and what it imports statically) and, for every route of the route table, what the route loads on
 * top of the shell: the layout's and its page's chunks and their static imports (JavaScript and CSS).
 * `BUNDLE_DIST=<folder>` reads an earlier build with `.vite/manifest.json` instead of building.
 */
interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
const web = resolve(import.meta.dirname, '../packages/web');
const dist = process.env.BUNDLE_DIST ?? mkdtempSync(join(tmpdir(), 'bundle-'));
if (!process.env.BUNDLE_DIST) {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipped = new Map<string, number>();
const size = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file)!;
};
/** The files a manifest entry loads: its chunk, its CSS and its static imports', transitively. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}
const kB = (bytes: number) => Math.round(bytes / 100) / 10;
const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + size(f), 0);

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const shell = closure(entry);
const beyondShell = (keys: string[]) => {
  const files = new Set<string>();
  for (const key of keys) for (const f of closure(key)) if (!shell.has(f)) files.add(f);
  return files;
};

// Routes and their pages, read from the route table (each page is `lazy(() => import('../areas/...'))`).
const table = readFileSync(join(web, 'src/app/routeTable.ts'), 'utf8');
const pageOf = (module: string) => `src/${module.replace(/^\.\.\//, '')}.tsx`;
const named = new Map([...table.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map((m) => [m[1]!, pageOf(m[2]!)]));
const routes: { path: string; page: string; withLayout: boolean }[] = [];
for (const m of table.matchAll(/path: '([^']+)'[^\n]*?Page: (?:lazy\(\(\) => import\('([^']+)'\)\)|(\w+))/g)) {
  routes.push({ path: m[1]!, page: m[2] ? pageOf(m[2]) : named.get(m[3]!)!, withLayout: true });
}
for (const [name, path] of [['Login', '/login'], ['SignUp', '/sign-up'], ['ForgetPass', '/forget-pass']] as const) {
  routes.push({ path, page: named.get(name)!, withLayout: false });
}
const layout = 'src/app/Layout.tsx';
const rows = routes.map((r) => {
  if (!manifest[r.page]) throw new Error(`${r.path}: ${r.page} is not in the build's manifest`);
  const extra = beyondShell(r.withLayout ? [layout, r.page] : [r.page]);
  return { route: r.path, kB: kB(total(extra)), withShellKB: kB(total(shell) + total(extra)) };
});
const jaChunk = Object.keys(manifest).find((k) => k.endsWith('src/app/ja.ts'));
console.log(
  JSON.stringify(
    {
      benchmark: 'first load (gzip, level 9)',
      shellKB: kB(total(shell)),
      shellFiles: [...shell].map((f) => `${f} ${kB(size(f))}`),
      layoutKB: kB(total(beyondShell([layout]))),
      japaneseTextsKB: jaChunk ? kB(total(beyondShell([jaChunk]))) : null,
      routes: rows,
    },
    (key, value: unknown) => (key === 'routes' ? (value as typeof rows).map((r) => `${r.route}: +${r.kB} (${r.withShellKB} with the shell)`) : value),
    2,
  ),
);
if (!process.env.BUNDLE_DIST) rmSync(dist, { recursive: true, force: true });
