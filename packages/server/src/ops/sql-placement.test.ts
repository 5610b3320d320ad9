import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives where a reader looks for it (issue 27): in a query module, never in a service (rules and orchestration),
 * a calls module (the HTTP surface), a job or a worker. A query module is named for it: `repo.ts`, `queries.ts`,
 * `<topic>-repo.ts` or `<topic>-queries.ts`, or it sits in a `repo/` or `queries/` folder; the record engine's
 * `search/` folder is its query builder (every module there composes SQL), and `*fixtures.ts` seed the demo's
 * rows. Callers use named query functions that take the connection first, so a transaction still spans them.
 */
const SRC = path.resolve(import.meta.dirname, '..');
/** The areas, the record kinds and the record engine: every folder with services and calls. */
const ROOTS = ['areas', 'kinds', 'records'];

/** What builds or runs a query: Kysely's builders and the `sql` template tag (also `sql<T>\`...\``). */
const QUERY = /\b(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(|\bsql(<[^`;]*>)?`/;

/** Where a query may be written: the query modules and the demo's seeds. */
function isQueryModule(relative: string): boolean {
  const name = path.basename(relative);
  return (
    /(^|-)(repo|queries|fixtures)\.ts$/.test(name) ||
    /(^|\/)(repo|queries)\//.test(relative) ||
    relative.startsWith('records/search/')
  );
}

function modules(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) found.push(...modules(path.join(dir, entry.name), `${relative}/`));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(relative);
  }
  return found;
}

function queryLines(relative: string): string[] {
  return fs
    .readFileSync(path.join(SRC, relative), 'utf8')
    .split('\n')
    .flatMap((line, i) => (QUERY.test(line) ? [`${relative}:${i + 1}: ${line.trim()}`] : []));
}

describe('where SQL lives', () => {
  const files = ROOTS.flatMap((root) => modules(path.join(SRC, root), `${root}/`));

  it('finds every module of the areas, the kinds and the record engine', () => {
    expect(files).toContain('areas/accounts/service.ts');
    expect(files).toContain('areas/accounts/calls.ts');
    expect(files).toContain('kinds/ec/service.ts');
    expect(files).toContain('kinds/ec/report-calls.ts');
    expect(files).toContain('records/upload/upload.ts');
    expect(files).not.toContain('areas/accounts/accounts.test.ts');
  });

  it('tells query modules by their name or folder', () => {
    for (const yes of ['areas/accounts/repo.ts', 'kinds/ec/queries.ts', 'areas/triage/rule-queries.ts', 'areas/x/repo/rows.ts', 'records/search/order.ts', 'kinds/ec/report-fixtures.ts'])
      expect(isQueryModule(yes), yes).toBe(true);
    for (const no of ['areas/accounts/service.ts', 'areas/triage/accept.ts', 'records/upload/writes.ts', 'areas/crawler-tasks/worker.ts', 'areas/repository.ts'])
      expect(isQueryModule(no), no).toBe(false);
  });

  it('the pattern catches builders and the sql tag, not words around them', () => {
    for (const hit of ["db.selectFrom('client')", 'tx.insertInto(t)', 'db.updateTable(t)', 'db.deleteFrom(t)', 'sql`now()`', 'sql<SqlBool>`a = b`'])
      expect(hit).toMatch(QUERY);
    for (const miss of ['selectFromList(', 'const sqlText = `x`', "import { sql } from 'kysely';", 'findClient(db, id)']) expect(miss).not.toMatch(QUERY);
  });

  it('no module but a query module writes a query', () => {
    expect(files.filter((file) => !isQueryModule(file)).flatMap(queryLines)).toEqual([]);
  });
});
