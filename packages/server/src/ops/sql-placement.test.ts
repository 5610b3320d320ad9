import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives where a reader looks for it: an area's `repo.ts` (or `queries.ts`, `repo/`) and the other modules that
 * own a table, never its `service.ts` (rules and orchestration) or its `calls.ts` (the HTTP surface). A service calls
 * named query functions that take the connection first, so a transaction still spans them.
 */
const SRC = path.resolve(import.meta.dirname, '..');
/** The areas, the record kinds and the record engine: every folder with services and calls. */
const ROOTS = ['areas', 'kinds', 'records'];

/** What builds or runs a query: Kysely's builders and the `sql` template tag (also `sql<T>\`...\``). */
const QUERY = /\b(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(|\bsql(<[^`;]*>)?`/;

function servicesAndCalls(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) found.push(...servicesAndCalls(path.join(dir, entry.name), `${relative}/`));
    else if (/(^|-)(service|calls)\.ts$/.test(entry.name)) found.push(relative);
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
  const files = ROOTS.flatMap((root) => servicesAndCalls(path.join(SRC, root), `${root}/`));

  it('finds the services and calls of the areas and the kinds', () => {
    expect(files).toContain('areas/accounts/service.ts');
    expect(files).toContain('areas/accounts/calls.ts');
    expect(files).toContain('kinds/ec/service.ts');
    expect(files).toContain('kinds/ec/report-service.ts');
    expect(files).toContain('kinds/ec/report-calls.ts');
  });

  it('the pattern catches builders and the sql tag, not words around them', () => {
    for (const hit of ["db.selectFrom('client')", 'tx.insertInto(t)', 'db.updateTable(t)', 'db.deleteFrom(t)', 'sql`now()`', 'sql<SqlBool>`a = b`'])
      expect(hit).toMatch(QUERY);
    for (const miss of ['selectFromList(', 'const sqlText = `x`', "import { sql } from 'kysely';", 'findClient(db, id)']) expect(miss).not.toMatch(QUERY);
  });

  it('no service or calls module runs a query itself', () => {
    expect(files.flatMap(queryLines)).toEqual([]);
  });
});
