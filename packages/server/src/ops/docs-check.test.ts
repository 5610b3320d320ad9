import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, checkGuidePairs, checkLinks, checkNpmCommands, documentedNames, envReads, npmCommands, shellEnvReads, slug, walk } from './docs-check.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (relative: string) => fs.readFileSync(path.join(ROOT, relative), 'utf8');

/**
 * Variables the code reads that a person never sets, so operations.md does not list them. Keep this short: anything
 * an operator, a tester or a benchmark run may set belongs in docs/operations.md.
 */
const NOT_SETTINGS = new Set([
  'INIT_CWD', // set by npm itself: where `npm run backup -- <file>` was typed (ops/cli.ts)
  'PWD', // set by the shell: scripts/node24.sh --check runs the node found under the current folder
]);

/** The checker's own files name variables in their examples; they are not settings. */
const CHECKER_FILES = new Set(['packages/server/src/ops/docs-check.ts', 'packages/server/src/ops/docs-check.test.ts']);

describe('the docs checker', () => {
  it('finds a link to a missing file, a missing anchor and a link that leaves the repository', () => {
    const files = new Map([
      ['README.md', '# Title\n\nSee [the guide](docs/guide.md), [ops](docs/ops.md#backup) and [up](../outside.md).\n'],
      ['docs/guide.md', '# Guide\n\n## Signing in\n\nBack to [the start](../README.md#title) and [here](#signing-in), [gone](#nowhere).\n'],
    ]);
    const problems = checkLinks(files, () => false);
    expect(problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      'README.md: link docs/ops.md#backup: docs/ops.md does not exist',
      'README.md: link ../outside.md leaves the repository',
      'docs/guide.md: link #nowhere: no heading #nowhere in docs/guide.md',
    ]);
  });

  it('accepts external links, images on disk, and ignores links inside code', () => {
    const files = new Map([['docs/a.md', '# A\n\n[web](https://example.com) ![shot](images/x.png) `[not](a-link.md)`\n\n```md\n[nor](this.md)\n```\n']]);
    expect(checkLinks(files, (p) => p === 'docs/images/x.png')).toEqual([]);
    expect(checkLinks(files, () => false)).toEqual([{ file: 'docs/a.md', message: 'link images/x.png: docs/images/x.png does not exist' }]);
  });

  it('makes anchors as GitHub does, Japanese headings included', () => {
    expect(slug('One call, end to end')).toBe('one-call-end-to-end');
    expect(slug('Load: 200 signed-in sessions')).toBe('load-200-signed-in-sessions');
    expect(slug('トリアージルールと提案')).toBe('トリアージルールと提案');
    expect([...anchors('# A\n## Setup\n## Setup\n```\n# not a heading\n```\n')]).toEqual(['a', 'setup', 'setup-1']);
  });

  it('finds every way the code reads a variable', () => {
    const source = [
      "const a = process.env.ALPHA ?? '1';",
      "const b = process.env['BRAVO'];",
      'const c = env.CHARLIE; const m = import.meta.env.VITE_DELTA;',
      'const { ECHO, FOXTROT: f, lower } = process.env;',
      'log(`took longer than ${LIMIT_MS} ms`);',
    ].join('\n');
    expect([...envReads(source)].sort()).toEqual(['ALPHA', 'BRAVO', 'CHARLIE', 'ECHO', 'FOXTROT', 'VITE_DELTA']);
    expect([...shellEnvReads('RUNS=${RUNS:-20} node --max-old-space-size=${GOLF_MB:-384} $HOTEL x=1')].sort()).toEqual(['GOLF_MB', 'HOTEL', 'RUNS']);
    expect([...shellEnvReads('OWN="${INDIA_PATH:-/usr/bin/x}"\n[ -x "$OWN" ] && exit 0')]).toEqual(['INDIA_PATH']);
    expect([...documentedNames('| `ALPHA`, `BRAVO` | `1` | see `CHARLIE=1` |')].sort()).toEqual(['ALPHA', 'BRAVO', 'CHARLIE']);
  });

  it('finds npm commands in code and refuses unknown scripts and workspaces', () => {
    const text = 'Run `npm ci && npm start`, then:\n\n```bash\nnpm run build -w @portal/web\nnpm run nothing\nnpm test\nnpm run bench -w @portal/nope\n```\n\nprose npm run ignored\n';
    expect(npmCommands(text)).toEqual([
      { script: 'start', workspace: undefined },
      { script: 'build', workspace: '@portal/web' },
      { script: 'nothing', workspace: undefined },
      { script: 'test', workspace: undefined },
      { script: 'bench', workspace: '@portal/nope' },
    ]);
    const scripts = (ws: string | undefined) => (ws === undefined ? new Set(['start', 'test']) : ws === '@portal/web' ? new Set(['build']) : undefined);
    expect(checkNpmCommands(new Map([['README.md', text]]), scripts).map((p) => p.message)).toEqual(['npm run nothing: no such script', 'npm ... -w @portal/nope: no such workspace']);
  });

  it('pairs every English guide with a Japanese one of as many headings', () => {
    const files = new Map([
      ['docs/guide/a.md', '# A\n## One\n## Two\n'],
      ['docs/guide/a.ja.md', '# エー\n## 一\n'],
      ['docs/guide/b.md', '# B\n'],
    ]);
    expect(checkGuidePairs(files).map((p) => `${p.file}: ${p.message}`)).toEqual(['docs/guide/a.md: 3 headings, docs/guide/a.ja.md has 2', 'docs/guide/b.md: no Japanese counterpart docs/guide/b.ja.md']);
  });
});

describe('the README and docs/', () => {
  const docs = new Map(['README.md', ...walk(ROOT, 'docs', ['.md'])].map((file) => [file, read(file)] as const));

  it('have links that resolve, to files and to headings', () => {
    expect(checkLinks(docs, (relative) => fs.existsSync(path.join(ROOT, relative)))).toEqual([]);
  });

  it('document every environment variable the code reads, in docs/operations.md', () => {
    const sources = [
      ...walk(ROOT, 'packages', ['.ts', '.tsx', '.mjs', '.js']).filter((f) => /^packages\/[^/]+\/src\//.test(f) && !CHECKER_FILES.has(f)),
      ...walk(ROOT, 'e2e', ['.ts']),
      ...walk(ROOT, 'bench', ['.ts']),
      ...walk(ROOT, 'scripts', ['.ts', '.mjs', '.js']),
      ...walk(ROOT, 'ops', ['.ts']),
      'vitest.config.ts',
    ];
    const shellScripts = walk(ROOT, 'scripts', ['.sh']);
    const scripts = ['package.json', ...walk(ROOT, 'packages', ['package.json']), 'e2e/package.json', 'bench/package.json'].filter((f) => fs.existsSync(path.join(ROOT, f)));
    const reads = new Map<string, string[]>();
    for (const file of sources) for (const name of envReads(read(file))) reads.set(name, [...(reads.get(name) ?? []), file]);
    for (const file of shellScripts) for (const name of shellEnvReads(read(file))) reads.set(name, [...(reads.get(name) ?? []), file]);
    for (const file of scripts) {
      const pkg = JSON.parse(read(file)) as { scripts?: Record<string, string> };
      for (const command of Object.values(pkg.scripts ?? {})) for (const name of shellEnvReads(command)) reads.set(name, [...(reads.get(name) ?? []), file]);
    }
    expect(reads.size).toBeGreaterThan(20);
    const documented = documentedNames(read('docs/operations.md'));
    const missing = [...reads].filter(([name]) => !documented.has(name) && !NOT_SETTINGS.has(name)).map(([name, files]) => `${name} (read in ${files[0]})`);
    expect(missing).toEqual([]);
  });

  it('name only npm scripts that exist', () => {
    const root = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };
    const workspaces = new Map<string, Set<string>>();
    for (const dir of root.workspaces) {
      const pkg = JSON.parse(read(path.posix.join(dir, 'package.json'))) as { name: string; scripts?: Record<string, string> };
      const scripts = new Set(Object.keys(pkg.scripts ?? {}));
      workspaces.set(pkg.name, scripts);
      workspaces.set(dir, scripts);
    }
    const rootScripts = new Set(Object.keys(root.scripts));
    expect(checkNpmCommands(docs, (ws) => (ws === undefined ? rootScripts : workspaces.get(ws)))).toEqual([]);
  });

  it('give every English guide its Japanese counterpart with as many headings', () => {
    expect([...docs.keys()].filter((f) => f.startsWith('docs/guide/')).length).toBeGreaterThanOrEqual(6);
    expect(checkGuidePairs(docs)).toEqual([]);
  });
});
