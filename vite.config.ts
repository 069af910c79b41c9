import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import {
  miniZodOnly,
  precompressAssets,
  preloadAppStart,
  routePages,
  stylesheetsFirst,
} from './scripts/first-load-plugins.ts';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';
import type { RoutePage } from './scripts/first-load-plugins.ts';

const entry = 'src/ui/main.tsx';
const start = 'src/ui/app/start.tsx';
/** The app's services: before the first render, except for a visitor with no session on the home page. */
const laterStart = 'src/ui/app/start-services.ts';

/** What the home page, each share page and the explorer show first (their routes in src/ui/routes/). */
const screens: RoutePage[] = [
  {
    name: 'home',
    path: '^/$',
    modules: ['src/ui/features/pastes/create-paste-page.tsx', 'src/ui/features/pastes/pastes.locales.ts'],
  },
  {
    name: 'paste',
    path: '^/paste/[^/]+/?$',
    modules: ['src/ui/routes/paste.lazy.tsx', 'src/ui/features/pastes/pastes.locales.ts'],
    laterStartFirst: true,
  },
  {
    name: 'file',
    path: '^/file/[^/]+/?$',
    modules: [
      'src/ui/routes/file.lazy.tsx',
      'src/ui/app/file-areas.locales.ts',
      'src/ui/features/basket/transfers.locales.ts',
    ],
    laterStartFirst: true,
  },
  {
    name: 'explorer',
    path: '^/mount-explorer(/.*)?$',
    modules: [
      'src/ui/routes/mount-explorer.lazy.tsx',
      'src/ui/routes/mount-explorer-path.lazy.tsx',
      'src/ui/app/file-areas.locales.ts',
      'src/ui/app/upload-areas.locales.ts',
      'src/ui/features/mount-explorer/explorer.locales.ts',
      'src/ui/features/basket/transfers.locales.ts',
    ],
    sessionModules: ['src/ui/features/mount-explorer/explorer.tsx'],
    laterStartFirst: true,
  },
];

const chunks = firstLoadChunks(entry, start, laterStart, screens);

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

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [
    quietRxdbNotice(),
    chunks.plugin,
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
        // The route pages are the network's copies of index.html; offline, index.html serves every route.
        globIgnores: ['route-pages/**'],
      },
      devOptions: { enabled: false },
    }),
    preloadAppStart(start),
    routePages(screens, start),
    stylesheetsFirst(),
    miniZodOnly(),
    precompressAssets(),
  ],
  // The offline-copy workers open the local database too: the same notice is quieted there.
  worker: { plugins: () => [quietRxdbNotice()] },
  server: {
    proxy: { '/api': 'http://localhost:8787' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Each module's body runs when it is first imported, wherever its chunk put it: the
        // start's stages stay separate tasks inside one file (scripts/first-load-chunks.ts).
        strictExecutionOrder: true,
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunks.name }] },
      },
    },
  },
});
