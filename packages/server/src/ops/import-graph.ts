import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The folders of a package's source and which folders each imports, read from the code itself (the TypeScript
 * parser, not the bundler): a newcomer reads a folder knowing only what it imports, so no folder may import another
 * that imports it back (issue 27). Type-only imports count too little to matter (they vanish from the running code)
 * and tests may reach anywhere; both are left out.
 */
export interface FolderEdge {
  from: string;
  to: string;
  /** Where: `file -> specifier`, a few of them. */
  via: string[];
}

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.tsx?$|\.e2e\.ts$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

/** The relative specifiers a file needs at run time: value imports and re-exports, and dynamic import(). */
export function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** Every import from one folder of `root` into another (a file's folder is the folder it sits in). */
export function folderEdges(root: string): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, path.dirname(file)) || '.';
    for (const spec of runtimeImports(file)) {
      const target = path.resolve(path.dirname(file), spec);
      const to = path.relative(root, path.dirname(target + '.ts')) || '.';
      if (to === from || to.startsWith('..')) continue;
      const key = `${from}\n${to}`;
      const edge = edges.get(key) ?? { from, to, via: [] };
      if (edge.via.length < 3) edge.via.push(`${path.relative(root, file)} -> ${spec}`);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

/** The folder circles: each a set of folders that reach one another through imports (Tarjan's components). */
export function folderCircles(edges: FolderEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const circle: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        circle.push(w);
      } while (w !== v);
      if (circle.length > 1) circles.push(circle.sort());
    }
  };
  for (const v of new Set(edges.flatMap((e) => [e.from, e.to]))) if (!index.has(v)) connect(v);
  return circles;
}

/** A circle said so that a person can break it: the imports between its folders. */
export function describeCircle(circle: string[], edges: FolderEdge[]): string {
  const inside = edges.filter((e) => circle.includes(e.from) && circle.includes(e.to));
  return [`${circle.join(' <-> ')}:`, ...inside.map((e) => `  ${e.from} -> ${e.to} (${e.via.join('; ')})`)].join('\n');
}
