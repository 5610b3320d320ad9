import fs from 'node:fs';
import path from 'node:path';

/**
 * The docs check: the README and docs/ against the repository. Pure functions over text, so the test can feed them
 * broken examples as well as the real tree (`docs-check.test.ts`).
 */

export interface Problem {
  file: string;
  message: string;
}

/** Markdown without fenced code blocks (their lines blanked, so line numbers stay). */
function withoutFences(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** Inline code spans removed from prose (links inside code are not links). */
const withoutCodeSpans = (text: string): string => text.replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters and digits of any script kept), spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a markdown text (outside code fences), as written. */
export function headings(markdown: string): string[] {
  return withoutFences(markdown)
    .split('\n')
    .map((line) => /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)?.[2])
    .filter((h): h is string => h !== undefined);
}

/** The anchors a markdown text offers: its headings' slugs, repeated ones numbered as GitHub does. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const heading of headings(markdown)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Link and image targets of a markdown text, outside code. */
export function linkTargets(markdown: string): string[] {
  const prose = withoutCodeSpans(withoutFences(markdown));
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) targets.push(match[1]!);
  return targets;
}

/**
 * Every relative link of every file resolves: the file exists, and a `#anchor` names a heading of the markdown file
 * it points to. `files` maps repository-relative paths to their text; `exists` answers for other paths (images).
 */
export function checkLinks(files: ReadonlyMap<string, string>, exists: (relativePath: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of files) {
    for (const target of linkTargets(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [rawPath = '', anchor] = target.split('#', 2);
      const pathPart = decodeURIComponent(rawPath);
      const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
      if (resolved.startsWith('..')) {
        problems.push({ file, message: `link ${target} leaves the repository` });
        continue;
      }
      const known = files.has(resolved) || exists(resolved);
      if (!known) {
        problems.push({ file, message: `link ${target}: ${resolved} does not exist` });
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md')) {
        const body = files.get(resolved);
        if (body !== undefined && !anchors(body).has(decodeURIComponent(anchor))) problems.push({ file, message: `link ${target}: no heading #${anchor} in ${resolved}` });
      }
    }
  }
  return problems;
}

/** Environment variables a TypeScript or JavaScript source reads: `process.env.X`, `process.env['X']`, `env.X` (a passed env, Vite's `import.meta.env`) and destructuring of `process.env`. */
export function envReads(source: string): Set<string> {
  const names = new Set<string>();
  const NAME = '[A-Z][A-Z0-9_]+';
  for (const m of source.matchAll(new RegExp(`\\benv\\??\\.(${NAME})\\b`, 'g'))) names.add(m[1]!);
  for (const m of source.matchAll(new RegExp(`\\benv\\??\\.?\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g'))) names.add(m[1]!);
  for (const m of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of m[1]!.split(',')) {
      const key = /^\s*(?:\.\.\.)?\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1];
      if (key && /^[A-Z][A-Z0-9_]+$/.test(key)) names.add(key);
    }
  }
  return names;
}

/**
 * Environment variables a shell command or script reads: `${X:-default}` always (the idiom of a setting), `$X` and
 * `${X}` unless the script assigns X itself (a variable of its own).
 */
export function shellEnvReads(command: string): Set<string> {
  const own = new Set([...command.matchAll(/(?:^|[\s;&|(])(?:export\s+|local\s+|readonly\s+)?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
  const names = new Set<string>();
  for (const m of command.matchAll(/\$\{([A-Z][A-Z0-9_]+):?[-=?+]/g)) names.add(m[1]!);
  for (const m of command.matchAll(/\$\{?([A-Z][A-Z0-9_]+)/g)) if (!own.has(m[1]!)) names.add(m[1]!);
  return names;
}

/** The variables a document names: every `UPPER_CASE` code span (a table cell may name several). */
export function documentedNames(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const m of markdown.matchAll(/`([^`\n]+)`/g)) {
    for (const word of m[1]!.matchAll(/\b([A-Z][A-Z0-9_]{1,})\b/g)) names.add(word[1]!);
  }
  return names;
}

/** npm's own commands, which are not scripts. */
const NPM_BUILTINS = new Set(['ci', 'install', 'i', 'exec', 'init', 'ls', 'audit', 'outdated', 'update', 'view', 'pack', 'publish', 'config', 'cache', 'link', 'prune', 'rebuild', 'uninstall', 'help', 'version', 'install-scripts']);
/** Scripts npm runs without `run`. */
const NPM_SCRIPT_SHORTCUTS = new Set(['test', 'start', 'stop', 'restart']);

export interface NpmCommand {
  script: string;
  workspace: string | undefined;
}

/** The npm commands named in code of a markdown text (fenced blocks and code spans), with the workspace `-w` names. */
export function npmCommands(markdown: string): NpmCommand[] {
  const code: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) code.push(line);
    else for (const m of line.matchAll(/`([^`\n]+)`/g)) code.push(m[1]!);
  }
  const commands: NpmCommand[] = [];
  for (const text of code) {
    for (const m of text.matchAll(/(?:^|[\s;&|(])npm\s+((?:-\S+\s+)*)([a-z][\w:.-]*)((?:\s+[^\s;&|#]+)*)/g)) {
      const verb = m[2]!;
      const rest = m[3] ?? '';
      const workspace = /(?:^|\s)(?:-w|--workspace)(?:\s+|=)(\S+)/.exec(`${m[1]} ${rest}`)?.[1];
      if (verb === 'run' || verb === 'run-script') {
        const script = /^\s+([a-z][\w:.-]*)/.exec(rest)?.[1];
        if (script) commands.push({ script, workspace });
      } else if (NPM_SCRIPT_SHORTCUTS.has(verb)) commands.push({ script: verb, workspace });
      else if (!NPM_BUILTINS.has(verb)) commands.push({ script: verb, workspace });
    }
  }
  return commands;
}

/** Every npm command of every file names a script of the root package.json, or of the workspace it names. */
export function checkNpmCommands(files: ReadonlyMap<string, string>, scripts: (workspace: string | undefined) => Set<string> | undefined): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of files) {
    for (const { script, workspace } of npmCommands(text)) {
      const known = scripts(workspace);
      if (!known) problems.push({ file, message: `npm ... -w ${workspace}: no such workspace` });
      else if (!known.has(script)) problems.push({ file, message: `npm run ${script}${workspace ? ` -w ${workspace}` : ''}: no such script` });
    }
  }
  return problems;
}

/** Every English guide `docs/guide/<name>.md` has `<name>.ja.md` with as many headings. */
export function checkGuidePairs(files: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of files) {
    if (!/^docs\/guide\/[^/]+\.md$/.test(file) || file.endsWith('.ja.md')) continue;
    const ja = file.replace(/\.md$/, '.ja.md');
    const jaText = files.get(ja);
    if (jaText === undefined) problems.push({ file, message: `no Japanese counterpart ${ja}` });
    else if (headings(text).length !== headings(jaText).length) problems.push({ file, message: `${headings(text).length} headings, ${ja} has ${headings(jaText).length}` });
  }
  return problems;
}

/** The repository's files under `dir` whose names end in one of `extensions`, skipping build output and dependencies. */
export function walk(root: string, dir: string, extensions: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (extensions.some((ext) => entry.name.endsWith(ext))) out.push(child);
    }
  };
  if (fs.existsSync(path.join(root, dir))) visit(dir);
  return out;
}
