import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: the web has no hand-written query key or invalidation; keys and invalidation follow from the contract
 * (platform/calls.ts, platform/callKeys.ts). Fails when a file builds a key or touches the cache by key itself again.
 */
const SRC = join(import.meta.dirname, '..');
const OWNERS = new Set(['platform/calls.ts', 'platform/callKeys.ts']);
/** A literal key (`queryKey:`, `queryKey={...}`) or a cache call by key outside the owners. */
const FORBIDDEN = /\bqueryKey\s*[:=]|\.(invalidateQueries|setQueryData|getQueryData|removeQueries|refetchQueries|resetQueries|cancelQueries|prefetchQuery|fetchQuery)\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('query keys follow from the contract', () => {
  it('no source outside platform/calls.ts writes a query key or invalidates by one', () => {
    const offending = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((file) => !OWNERS.has(file))
      .flatMap((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (FORBIDDEN.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offending).toEqual([]);
  });
});
