// Build steps for a fast first load (see ARCHITECTURE.md, "first load"):
// - preloadAppStart: the entry (src/ui/main.tsx) starts the app through dynamic imports after
//   the first frame; index.html lists the app's modules as modulepreloads, so they are fetched
//   with the page and only their evaluation waits.
// - preloadRoutes: a small inline script in index.html preloads the chunks of the route being
//   opened (its screen, its strings), so they download beside the app instead of after it runs.
// - precompressAssets: brotli and gzip copies of every text file in dist/, made once, so the
//   server never compresses a static file per request.
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { precompressDir } from '../server/lib/precompress.ts';

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

/** A path pattern (a regular expression's source) and the modules its screen needs first. */
export type RoutePreload = { path: string; modules: readonly string[] };

export function preloadRoutes(routes: readonly RoutePreload[], alreadyLoaded: readonly string[]): Plugin {
  return {
    name: 'clipdock:preload-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const chunks = chunksOf(context.bundle);
        const loaded = new Set(alreadyLoaded.flatMap((module) => closureOf(chunks, module, true)));
        const table = routes.map(({ path, modules }) => {
          const needed = [...new Set(modules.flatMap((module) => closureOf(chunks, module)))].filter((chunk) => !loaded.has(chunk));
          const files = [...new Set(needed.flatMap((chunk) => [chunk.fileName, ...cssOf(chunk)]))].map((file) => `/${file}`);
          return [path, files];
        });
        // Link attributes match the ones Vite's loader adds later, so the browser reuses the fetch.
        const script = `(function(){var p=location.pathname,r=${JSON.stringify(table)};for(var i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(p))continue;r[i][1].forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});break}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
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
