// Build steps for a fast first load (see ARCHITECTURE.md, "first load"):
// - preloadAppStart: the entry (src/ui/main.tsx) starts the app through dynamic imports after
//   the first frame; index.html lists the app's modules as modulepreloads, so they are fetched
//   with the page and only their evaluation waits.
// - routePages: a copy of index.html per route that preloads the chunks of its screen (and its
//   strings), so they download beside the app instead of after it runs; the server picks the copy.
// - precompressAssets: brotli and gzip copies of every text file in dist/, made once, so the
//   server never compresses a static file per request.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { precompressDir } from '../server/lib/precompress.ts';
import { routePagesDir, routePagesTableFile, type RoutePagesTable } from '../server/lib/route-pages.ts';

type Chunk = Rolldown.OutputChunk;

function chunksOf(bundle: Rolldown.OutputBundle | undefined): Chunk[] {
  return Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/**
 * The chunk built from `module` (a path from the project root) and every chunk it imports
 * statically; with `stages`, also what that chunk itself imports dynamically (the app's start
 * imports its stages one after another, and all of them are needed at once).
 */
function closureOf(chunks: Chunk[], module: string, stages = false): Chunk[] {
  const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
  if (root === undefined) throw new Error(`no chunk is built from ${module}`);
  const found: Chunk[] = [];
  const byName = (file: string) => chunks.find((candidate) => candidate.fileName === file);
  const visit = (chunk: Chunk | undefined) => {
    if (chunk === undefined || found.includes(chunk)) return;
    found.push(chunk);
    for (const file of chunk.imports) visit(byName(file));
  };
  visit(root);
  if (stages) for (const file of root.dynamicImports) visit(byName(file));
  return found;
}

const cssOf = (chunk: Chunk) => [...(chunk.viteMetadata?.importedCss ?? [])];

export function preloadAppStart(starts: readonly string[]): Plugin {
  return {
    name: 'clipdock:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const chunks = chunksOf(context.bundle);
        const files = [...new Set(starts.flatMap((start) => closureOf(chunks, start, true)).filter((chunk) => !chunk.isEntry).map((chunk) => chunk.fileName))];
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/** A route: its page's name, a path pattern (a regular expression's source) and the modules its screen needs first. */
export type RoutePage = { name: string; path: string; modules: readonly string[] };

/**
 * One copy of index.html per listed route, with modulepreloads (and style preloads) of what that
 * route's screen needs first, so they download beside the app's start rather than after it has
 * run. The server picks the copy by path (server/middleware/static-site.middleware.ts); the
 * service worker precaches index.html alone, which then serves every route from the device.
 */
export function routePages(routes: readonly RoutePage[], alreadyLoaded: readonly string[]): Plugin {
  let outDir = 'dist';
  return {
    name: 'clipdock:route-pages',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // The bundle as written: Vite has dropped the chunks that only carried CSS (their CSS now
    // belongs to the chunks that imported them), and index.html is on disk with everything the
    // other plugins added to it.
    async writeBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const loaded = new Set(alreadyLoaded.flatMap((module) => closureOf(chunks, module, true)));
      const pages = routes.map((route) => {
        const needed = [...new Set(route.modules.flatMap((module) => closureOf(chunks, module)))].filter((chunk) => !loaded.has(chunk));
        return { route, files: [...new Set(needed.flatMap((chunk) => [chunk.fileName, ...cssOf(chunk)]))] };
      });
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!html.includes('</head>')) throw new Error('index.html has no </head>');
      await mkdir(join(outDir, routePagesDir), { recursive: true });
      // Link attributes match the ones Vite's loader adds later, so the browser reuses the fetch.
      const linkTo = (file: string) =>
        file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`;
      const table: RoutePagesTable = await Promise.all(
        pages.map(async ({ route, files }) => {
          const file = `${routePagesDir}/${route.name}.html`;
          await writeFile(join(outDir, file), html.replace('</head>', `${files.map(linkTo).join('')}</head>`));
          return { path: route.path, file };
        }),
      );
      await writeFile(join(outDir, routePagesTableFile), JSON.stringify(table));
    },
  };
}

export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'clipdock:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the service worker is written (it is one of the files).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const summary = await precompressDir(outDir);
        const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
        this.info(`precompressed ${summary.files} files: ${kb(summary.bytes)} → brotli ${kb(summary.br)}, gzip ${kb(summary.gzip)}`);
      },
    },
  };
}
