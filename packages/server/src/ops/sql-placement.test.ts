import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives where a reader looks for it: an area's `repo.ts` (or `queries.ts`, `repo/`) and the other modules that
 * own a table, never its `service.ts` (rules and orchestration) or its `calls.ts` (the HTTP surface). A service calls
 * named query functions that take the connection first, so a transaction still spans them.
 */
const AREAS = path.resolve(import.meta.dirname, '../areas');

/** What builds or runs a query: Kysely's builders and the `sql` template tag (also `sql<T>\`...\``). */
const QUERY = /\b(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(|\bsql(<[^`;]*>)?`/;

/**
 * Files still allowed to hold queries, relative to areas/. These areas are being split by another change (issue 27,
 * the records areas); it empties this list for its areas. Do not add to it: move the query into the area's repo.
 */
const ALLOWED = new Set(['ec-records/service.ts', 'ec-reports/service.ts', 'records/service.ts']);

function servicesAndCalls(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) found.push(...servicesAndCalls(path.join(dir, entry.name), `${relative}/`));
    else if (entry.name === 'service.ts' || entry.name === 'calls.ts') found.push(relative);
  }
  return found;
}

function queryLines(relative: string): string[] {
  return fs
    .readFileSync(path.join(AREAS, relative), 'utf8')
    .split('\n')
    .flatMap((line, i) => (QUERY.test(line) ? [`${relative}:${i + 1}: ${line.trim()}`] : []));
}

describe('where SQL lives', () => {
  const files = servicesAndCalls(AREAS);

  it('finds the services and calls of the areas', () => {
    expect(files).toContain('accounts/service.ts');
    expect(files).toContain('accounts/calls.ts');
  });

  it('the pattern catches builders and the sql tag, not words around them', () => {
    for (const hit of ["db.selectFrom('client')", 'tx.insertInto(t)', 'db.updateTable(t)', 'db.deleteFrom(t)', 'sql`now()`', 'sql<SqlBool>`a = b`'])
      expect(hit).toMatch(QUERY);
    for (const miss of ['selectFromList(', 'const sqlText = `x`', "import { sql } from 'kysely';", 'findClient(db, id)']) expect(miss).not.toMatch(QUERY);
  });

  it('no service.ts or calls.ts under areas/ runs a query itself', () => {
    const lines = files.filter((f) => !ALLOWED.has(f)).flatMap(queryLines);
    expect(lines).toEqual([]);
  });

  it('every allowed file still exists and still holds a query (drop it from the list once moved)', () => {
    const stale = [...ALLOWED].filter((f) => !files.includes(f) || queryLines(f).length === 0);
    expect(stale).toEqual([]);
  });
});
