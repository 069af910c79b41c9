// The JS the home page needs before it is usable: the shell entry and its modulepreloads from
// dist/index.html, then, through the Vite manifest, the static graph of the `/` route's page
// chunk (create-paste-page, see src/ui/routes/home.ts), of the locale bundle its loader adds and
// of the editor chunk. Prints each chunk's gzip size (level 6, what servers send) and the total.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));
const budgetBytes = 250 * 1000;
const homeRouteSource = 'src/ui/features/pastes/create/create-paste-page.tsx';
const homeLocaleSource = 'src/ui/features/pastes/pastes.locales.ts';
const editorSource = 'src/ui/features/pastes/editor/code-editor.tsx';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), src: z.string().optional(), imports: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

type Group = 'entry' | 'modulepreload' | 'home route' | 'editor';
type Chunk = { file: string; group: Group; gzip: number; raw: number };

function attributes(html: string, tag: RegExp, attribute: string): string[] {
  return [...html.matchAll(tag)].flatMap((match) => {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(match[0])?.[1];
    return value === undefined ? [] : [value.replace(/^\//, '')];
  });
}

function shellFiles(html: string): { entry: string[]; preloads: string[] } {
  const entry = attributes(html, /<script\b[^>]*type="module"[^>]*>/g, 'src');
  const preloads = attributes(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href');
  return { entry, preloads };
}

/** The chunk's file and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((child) => staticClosure(manifest, child, seen))];
}

function keysOf(manifest: Manifest, matches: (key: string) => boolean, what: string): string[] {
  const keys = Object.keys(manifest).filter(matches);
  if (keys.length === 0) throw new Error(`no manifest entry for ${what}; is build.manifest on and the build fresh?`);
  return keys;
}

function measure(file: string, group: Group): Chunk {
  const bytes = readFileSync(join(dist, file));
  return { file, group, raw: bytes.length, gzip: gzipSync(bytes).length };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')));
  const { entry, preloads } = shellFiles(html);
  const counted = new Set<string>();
  const chunks: Chunk[] = [];
  const add = (files: string[], group: Group) => {
    for (const file of files) {
      if (!file.endsWith('.js') || counted.has(file)) continue;
      counted.add(file);
      chunks.push(measure(file, group));
    }
  };

  add(entry, 'entry');
  add(preloads, 'modulepreload');
  for (const key of keysOf(manifest, (k) => k === homeRouteSource, 'the / route')) add(staticClosure(manifest, key), 'home route');
  for (const key of keysOf(manifest, (k) => k === homeLocaleSource, 'the home locale bundle')) add(staticClosure(manifest, key), 'home route');
  for (const key of keysOf(manifest, (k) => k === editorSource, 'the editor')) add(staticClosure(manifest, key), 'editor');

  console.log('| group | chunk | raw KB | gzip KB | gzip KiB |');
  console.log('|---|---|---|---|---|');
  for (const c of chunks) console.log(`| ${c.group} | ${c.file} | ${kb(c.raw)} | ${kb(c.gzip)} | ${kib(c.gzip)} |`);
  console.log('');
  const groups: Group[] = ['entry', 'modulepreload', 'home route', 'editor'];
  for (const group of groups) {
    const sum = chunks.filter((c) => c.group === group).reduce((total, c) => total + c.gzip, 0);
    console.log(`${group.padEnd(14)} ${kb(sum).padStart(7)} KB  ${kib(sum).padStart(7)} KiB gzip`);
  }
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const verdict = total < budgetBytes ? 'within' : 'OVER';
  console.log(`${'total'.padEnd(14)} ${kb(total).padStart(7)} KB  ${kib(total).padStart(7)} KiB gzip (${chunks.length} chunks)`);
  console.log(`budget: < ${kb(budgetBytes)} KB (${kib(budgetBytes)} KiB) gzip: ${verdict}`);
  if (total >= budgetBytes) process.exitCode = 1;
}

main();
