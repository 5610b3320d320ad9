import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCircle, folderCircles, folderEdges } from './import-graph.js';

/**
 * Issue 27: no folder imports another that imports it back, in any package, so a folder can be read knowing only
 * what it imports. A new circle fails here with the imports that close it.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');
/** The packages with folders (the API client is one flat folder). */
const PACKAGES = ['packages/contract/src', 'packages/server/src', 'packages/web/src'];

describe('folders import one another in one direction only', () => {
  for (const pkg of PACKAGES) {
    it(`${pkg} has no import circle between folders`, () => {
      const edges = folderEdges(path.join(REPO, pkg));
      expect(edges.length, `${pkg}: no imports between folders were read at all`).toBeGreaterThan(0);
      expect(folderCircles(edges).map((c) => describeCircle(c, edges))).toEqual([]);
    });
  }

  it('finds a circle, through value imports and re-exports but not type-only imports', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circles-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('a/one.ts', "import { two } from '../b/two.js';\nexport const one = () => two;\n");
    write('b/two.ts', "export { three as two } from '../c/three.js';\n");
    write('c/three.ts', "import type { one } from '../a/one.js';\nexport const three: typeof one | 3 = 3;\n");
    write('c/three.test.ts', "import { one } from '../a/one.js';\nvoid one;\n");
    expect(folderCircles(folderEdges(dir))).toEqual([]);
    write('c/four.ts', "import { one } from '../a/one.js';\nexport const four = () => import('../b/two.js').then(() => one);\n");
    const edges = folderEdges(dir);
    const circles = folderCircles(edges);
    expect(circles).toEqual([['a', 'b', 'c']]);
    expect(describeCircle(circles[0]!, edges)).toContain('c/four.ts -> ../a/one.js');
  });
});
