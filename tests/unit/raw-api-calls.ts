// Finds the places an integration test spells an /api/ address by hand instead of naming the
// endpoint through the typed client (tests/integration/support/api.ts). A string literal that
// starts with `/api/` (or `${origin}/api/`) counts, unless it is a describe/it title or a comment;
// a site kept raw on purpose carries a `raw:` comment saying why, on its line or the line above.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type RawSite = { file: string; line: number; text: string };

const literalAddress = /(['"`])(\$\{[^}]*\})?\/api\//;
const title = /\b(describe|it|test)(\.\w+)*\(\s*(['"`])(\$\{[^}]*\})?\/api\//;
const marker = /\/\/.*\braw:/;
const wholeFileMarker = /^\/\/ raw file:/m;

function isComment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*');
}

/** The unmarked hand-spelled addresses in one file's source. */
export function rawSitesIn(file: string, source: string): RawSite[] {
  if (wholeFileMarker.test(source)) return [];
  const lines = source.split('\n');
  const sites: RawSite[] = [];
  lines.forEach((text, index) => {
    if (isComment(text)) return;
    const code = text.replace(/\s\/\/\s.*$/, '');
    if (!literalAddress.test(code) || title.test(code)) return;
    const above = lines[index - 1] ?? '';
    if (marker.test(text) || (isComment(above) && marker.test(above))) return;
    sites.push({ file, line: index + 1, text: text.trim() });
  });
  return sites;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every unmarked site under `dir`, with paths relative to `root`. */
export function rawSitesUnder(root: string, dir: string): RawSite[] {
  return sourceFiles(join(root, dir)).flatMap((path) => rawSitesIn(relative(root, path), readFileSync(path, 'utf8')));
}
