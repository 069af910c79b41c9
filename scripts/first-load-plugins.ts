// Build steps for a fast first load (see docs/first-load.md):
// - preloadAppStart: the entry (src/ui/main.tsx) starts the app through dynamic imports after
//   the first frame; index.html lists the app's modules as modulepreloads, so they are fetched
//   with the page and only their evaluation waits, and links their styles. The later start (the
//   app's services) is listed in a <template data-session-preloads>, fetched at once only with a
//   stored session.
// - routePages: a copy of index.html per route that preloads the chunks of its screen (and its
//   strings), so they download beside the app instead of after it runs; the server picks the copy.
// - stylesheetsFirst: every stylesheet linked ahead of every modulepreload.
// - precompressAssets: brotli and gzip copies of every text file in dist/, made once, so the
//   server never compresses a static file per request.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { precompressDir } from '../server/lib/precompress.ts';
import { LATER_GROUP } from './first-load-chunks.ts';
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
  return chunkClosure(chunks, root, stages);
}

/** The later start's file and what it imports (it is a dynamic import of `start-app`, not a stage). */
function laterStartClosure(chunks: Chunk[]): Chunk[] {
  const root = chunks.find((chunk) => chunk.name === LATER_GROUP);
  if (root === undefined) throw new Error(`no ${LATER_GROUP} chunk is built`);
  return chunkClosure(chunks, root);
}

function chunkClosure(chunks: Chunk[], root: Chunk, stages = false): Chunk[] {
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

export function preloadAppStart(start: string): Plugin {
  return {
    name: 'clipdock:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const chunks = chunksOf(context.bundle);
        // The entry and what it imports are in the page already (Vite preloads the latter).
        const inPage = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((entry) => chunkClosure(chunks, entry)));
        const closure = closureOf(chunks, start, true).filter((chunk) => !inPage.has(chunk));
        // Their styles too, as the page's own stylesheets (see routePages).
        const styles = [...new Set(closure.flatMap(cssOf))].map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }),
        );
        const preload = (chunk: Chunk): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
        });
        const modules = closure.map((chunk): HtmlTagDescriptor => ({ ...preload(chunk), injectTo: 'head' }));
        // The later start's modules, for a stored session (src/ui/app/session-preloads.ts).
        const later = laterStartClosure(chunks).filter((chunk) => !inPage.has(chunk) && !closure.includes(chunk));
        const session: HtmlTagDescriptor = {
          tag: 'template',
          attrs: { 'data-session-preloads': true },
          children: later.map(preload),
          injectTo: 'head',
        };
        return [...styles, ...modules, session];
      },
    },
  };
}

/**
 * Every stylesheet link of index.html ahead of its first modulepreload, so the browser asks for
 * what the first paint waits on before any script. (Vite links the entry's imported chunks before
 * their styles.) Runs after the other plugins have added their tags.
 */
export function stylesheetsFirst(): Plugin {
  return {
    name: 'clipdock:stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        const firstPreload = rest.indexOf('<link rel="modulepreload"');
        if (firstPreload < 0) throw new Error('index.html preloads no module');
        return `${rest.slice(0, firstPreload)}${stylesheets.join('\n    ')}\n    ${rest.slice(firstPreload)}`;
      },
    },
  };
}

/**
 * Fails the build when classic zod enters it: the bundler keeps a module's code for every chunk
 * that uses any of it, so one classic schema anywhere makes every page's first file carry all of
 * zod's core that classic uses. The web app writes its schemas with `zod/mini`.
 */
export function miniZodOnly(): Plugin {
  return {
    name: 'clipdock:mini-zod-only',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      if (!ids.some((id) => id.includes('/node_modules/zod/v4/classic/'))) return;
      const isZod = (id: string) => id.includes('/node_modules/zod/');
      const isMini = (id: string) => /\/node_modules\/zod\/(v4\/)?(mini|core|locales)\//.test(id);
      const importers = ids.filter(
        (id) => !isZod(id) && (this.getModuleInfo(id)?.importedIds ?? []).some((dep) => isZod(dep) && !isMini(dep)),
      );
      throw new Error(`classic zod is in the web build, imported by ${importers.join(', ')}: use zod/mini`);
    },
  };
}

/**
 * A route: its page's name, a path pattern (a regular expression's source) and the modules its
 * screen needs first. `sessionModules` are needed only once a session is stored (the explorer
 * behind its sign-in notice): the page lists their scripts in a <template data-session-preloads>,
 * which the entry moves into the head when a session is stored (src/ui/app/session-preloads.ts).
 * `laterStartFirst`: the screen cannot show without the app's services (the later start, which
 * index.html keeps in such a template for signed-in visitors), so the page preloads them.
 */
export type RoutePage = {
  name: string;
  path: string;
  modules: readonly string[];
  sessionModules?: readonly string[];
  laterStartFirst?: boolean;
};

/**
 * One copy of index.html per listed route, with modulepreloads and the stylesheets of what that
 * route's screen needs first, so they download beside the app's start rather than after it has
 * run. The server picks the copy by path (server/middleware/static-site.middleware.ts); the
 * service worker precaches index.html alone, which then serves every route from the device.
 */
export function routePages(routes: readonly RoutePage[], start: string): Plugin {
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
      const loaded = new Set(closureOf(chunks, start, true));
      const pages = routes.map((route) => {
        const later = route.laterStartFirst === true ? laterStartClosure(chunks) : [];
        const needed = [...new Set([...route.modules.flatMap((module) => closureOf(chunks, module)), ...later])].filter(
          (chunk) => !loaded.has(chunk),
        );
        const withSession = [
          ...new Set((route.sessionModules ?? []).flatMap((module) => closureOf(chunks, module))),
        ].filter((chunk) => !loaded.has(chunk) && !needed.includes(chunk));
        const filesOf = (list: Chunk[]) => [...new Set(list.flatMap((chunk) => [chunk.fileName, ...cssOf(chunk)]))];
        return { route, files: filesOf(needed), sessionFiles: filesOf(withSession), laterStartFirst: later.length > 0 };
      });
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!html.includes('</head>')) throw new Error('index.html has no </head>');
      await mkdir(join(outDir, routePagesDir), { recursive: true });
      // The screen's styles are stylesheets of the page, applied with its first paint: added later,
      // each would restyle the whole page. Vite's loader finds them there and adds none of its own;
      // its modulepreload attributes are matched, so the browser reuses those fetches.
      const linkTo = (file: string) =>
        file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`;
      // Stylesheets before every modulepreload, so they are asked for first and the first paint
      // waits on no script's download; the screen's modules after the app's.
      const table: RoutePagesTable = await Promise.all(
        pages.map(async ({ route, files, sessionFiles, laterStartFirst }) => {
          const file = `${routePagesDir}/${route.name}.html`;
          // index.html keeps the later start for a session; a page that preloads it anyway drops that.
          const base = laterStartFirst
            ? html.replace(/<template data-session-preloads>[\s\S]*?<\/template>/, '')
            : html;
          const firstPreload = base.indexOf('<link rel="modulepreload"');
          if (firstPreload < 0) throw new Error('index.html preloads no module');
          // Styles of session-only modules are linked all the same: small, and never added late.
          const styles = [...files, ...sessionFiles]
            .filter((name) => name.endsWith('.css'))
            .map(linkTo)
            .join('');
          const scripts = (list: string[]) =>
            list
              .filter((name) => !name.endsWith('.css'))
              .map(linkTo)
              .join('');
          const sessionScripts = scripts(sessionFiles);
          const later = sessionScripts === '' ? '' : `<template data-session-preloads>${sessionScripts}</template>`;
          const page = `${base.slice(0, firstPreload)}${styles}${base.slice(firstPreload)}`.replace(
            '</head>',
            `${scripts(files)}${later}</head>`,
          );
          await writeFile(join(outDir, file), page);
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
        this.info(
          `precompressed ${summary.files} files: ${kb(summary.bytes)} → brotli ${kb(summary.br)}, gzip ${kb(summary.gzip)}`,
        );
      },
    },
  };
}
