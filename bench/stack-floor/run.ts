// The floor under a share page's first load on the required stack: the smallest JavaScript a
// client-rendered page built with React, TanStack Router and i18next ships, before any of the
// app's code, strings, styles or HTML. Each page in pages/ is built alone, in production mode with
// the app's own output settings (@vitejs/plugin-react, strictExecutionOrder), and its scripts are
// compressed as the server sends them (brotli, quality 11, each file on its own) and summed.
// Usage: npx tsx bench/stack-floor/run.ts
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const pages = [
  ['react', 'React DOM, one paragraph'],
  ['router', '+ TanStack Router, two routes'],
  ['i18n', '+ i18next and react-i18next'],
  ['machines', '+ xstate, @xstate/react and zod/mini'],
] as const;

async function scriptsOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function measure(page: string): Promise<{ raw: number; brotli: number; files: number }> {
  const work = await mkdtemp(join(tmpdir(), `clipdock-floor-${page}-`));
  try {
    await writeFile(
      join(work, 'index.html'),
      `<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="${join(here, 'pages', `${page}.tsx`)}"></script></body></html>`,
    );
    await build({
      root: work,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        outDir: join(work, 'dist'),
        sourcemap: false,
        rolldownOptions: { output: { strictExecutionOrder: true } },
      },
    });
    const files = await scriptsOf(join(work, 'dist'));
    let raw = 0;
    let brotli = 0;
    for (const file of files) {
      const bytes = await readFile(file);
      raw += bytes.length;
      brotli += brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length;
    }
    return { raw, brotli, files: files.length };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
process.stdout.write(
  `Date: ${new Date().toISOString()}; Node ${process.version}\nCommand: npx tsx bench/stack-floor/run.ts\n\n`,
);
process.stdout.write('| page | scripts | raw KB | brotli KB (on the wire, without headers) |\n|---|---|---|---|\n');
for (const [page, label] of pages) {
  const { raw, brotli, files } = await measure(page);
  process.stdout.write(`| ${label} | ${files} | ${kb(raw)} | ${kb(brotli)} |\n`);
}
