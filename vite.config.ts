import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { precompressDir } from './server/lib/precompress.ts';

/**
 * RxDB's free Dexie storage prints a multi-line advertisement for its paid plugins on the first
 * write of every page load. The user's console is no place for a library's marketing: the build
 * turns that one console.warn into a no-op and leaves every other message alone.
 */
function quietRxdbNotice(): Plugin {
  const notice = "console.warn(['-------------- RxDB Open Core RxStorage";
  return {
    name: 'clipdock:quiet-rxdb-notice',
    transform(code, id) {
      if (!id.includes('rx-storage-instance-dexie') || !code.includes(notice)) return null;
      return { code: code.replace(notice, "void(['-------------- RxDB Open Core RxStorage"), map: null };
    },
  };
}

/**
 * The entry (src/ui/main.tsx) starts the app through dynamic imports after the first frame;
 * this lists the app's modules in index.html as modulepreloads, so they are fetched with the page
 * as before and only their evaluation waits.
 */
function preloadAppStart(): Plugin {
  const starts = ['src/ui/app/zod-config.ts', 'src/ui/app/start.tsx'];
  return {
    name: 'clipdock:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const files: string[] = [];
        const visit = (file: string) => {
          if (files.includes(file)) return;
          files.push(file);
          const chunk = chunks.find((candidate) => candidate.fileName === file);
          for (const child of chunk?.imports ?? []) visit(child);
        };
        for (const start of starts) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(start));
          if (chunk === undefined) throw new Error(`no chunk for ${start}`);
          visit(chunk.fileName);
        }
        const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        return files.filter((file) => !entryFiles.has(file)).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Brotli and gzip copies of every text file in dist/, made once at build time so the server never
 * compresses a static file per request. Runs after the service worker is written (it is one of them).
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'clipdock:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
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

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [
    quietRxdbNotice(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Clipdock',
        short_name: 'Clipdock',
        description: 'Self-hosted clipboard and file sharing',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        // PNGs rendered from icon.svg by scripts/render-icons.ts, for installers that take no SVG.
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
      },
      devOptions: { enabled: false },
    }),
    preloadAppStart(),
    precompressAssets(),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8787' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
  },
});
