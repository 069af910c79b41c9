// Finds the repository paths a Markdown document names, so a test can check that each exists.
// A path is named in backticks (`server/lib/mime.ts`, `modules/fs/`) or as a relative link
// target ([x](docs/server.md#running)). It is resolved against the repository's root, the
// document's own folder, and any folder the document declares with `<!-- paths: server/ -->`.
// Only names that look like paths are checked: a first segment that is a folder at one of those
// bases (so `/api/blob`, `url/info` or `fs list` are left alone), or a bare file name with a source
// extension (`engine.ts`), which must be some file's name in the repository.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

export type NamedPath = { doc: string; line: number; name: string };

const sourceExtensions = /\.(ts|tsx|mjs|cjs|js|md|json|jsonc|sh|ya?ml|css|html)$/;
/** Characters that make a code span a pattern, a placeholder, a URL or a command rather than a path. */
const notAPath = /[\s<>{}*…$?=,()[\]|#'"@:;`\\]/;
/** Build output, dependencies and run-time data: not in a checkout, never checked. */
const skippedFolders = new Set(['node_modules', 'dist', 'dist-server', '.git', 'test-results']);
const skippedAtRoot = new Set(['data']);
/** Files the build or a run writes, which docs name but a checkout lacks. */
const generatedFiles = new Set([
  'server.mjs',
  'markdown-render.worker.mjs',
  'clipdock.mjs',
  'clipdock-reliability.json',
]);

/** The code spans and relative link targets of a Markdown text, outside fenced blocks, with their line numbers. */
export function namesIn(markdown: string): { line: number; name: string; link: boolean }[] {
  const found: { line: number; name: string; link: boolean }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of text.matchAll(/`([^`]+)`/g)) found.push({ line: index + 1, name: match[1] ?? '', link: false });
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? '').replace(/#.*$/, '');
      if (target !== '' && !/^[a-z]+:/i.test(target)) found.push({ line: index + 1, name: target, link: true });
    }
  });
  return found;
}

/** The folders a document's names are resolved against, relative to the repository's root. */
export function basesOf(doc: string, markdown: string): string[] {
  const declared = [...markdown.matchAll(/<!-- paths: ([^ ]+) -->/g)].map((match) => match[1] ?? '');
  return ['.', dirname(doc), ...declared];
}

/** Every file name in the repository, outside build output and dependencies. */
export function fileNames(root: string): Set<string> {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (skippedFolders.has(entry.name) || (folder === root && skippedAtRoot.has(entry.name))) continue;
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else names.add(entry.name);
    }
  };
  walk(root);
  return names;
}

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * The names in a document that look like repository paths but name nothing there. `root` is the
 * repository; `doc` the document's path relative to it; `known` every file name (for bare names).
 */
export function missingPaths(root: string, doc: string, markdown: string, known: Set<string>): NamedPath[] {
  const bases = basesOf(doc, markdown);
  const missing: NamedPath[] = [];
  for (const { line, name, link } of namesIn(markdown)) {
    const path = name.replace(/^\.\//, '');
    if (link) {
      if (!existsSync(join(root, dirname(doc), path))) missing.push({ doc, line, name });
      continue;
    }
    if (notAPath.test(path) || path.startsWith('/') || path.startsWith('.') || path.startsWith('-')) continue;
    if (!path.includes('/')) {
      if (sourceExtensions.test(path) && !known.has(path) && !generatedFiles.has(path))
        missing.push({ doc, line, name });
      continue;
    }
    const first = path.split('/')[0] ?? '';
    if (skippedAtRoot.has(first) || path.split('/').some((segment) => skippedFolders.has(segment))) continue;
    const candidates = bases.filter((base) => first !== '' && isFolder(join(root, base, first)));
    if (candidates.length === 0) continue;
    if (!candidates.some((base) => existsSync(join(root, posix.normalize(posix.join(base, path))))))
      missing.push({ doc, line, name });
  }
  return missing;
}
