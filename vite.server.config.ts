// The production server as one ES module: `server/index.ts` bundled for Node into
// dist-server/server.mjs, with every npm dependency left external (loaded from node_modules).
// Chunks stay next to server.mjs, so `new URL('../dist', import.meta.url)` still finds the web app,
// and so does the Markdown render worker's entry (markdown-render.worker.mjs), which the render
// pool loads from beside itself (server/lib/markdown/render-pool.ts), and the share pages' renderer
// (share-page-render.mjs, src/ui/ssr), which the server loads by address, never by import.
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    minify: false,
    rolldownOptions: {
      input: {
        server: 'server/index.ts',
        'markdown-render.worker': 'server/lib/markdown/render.worker.ts',
        // The share pages' content, rendered with the app's components (server/modules/share-page).
        'share-page-render': 'src/ui/ssr/share-page-render.tsx',
      },
      output: {
        format: 'esm',
        entryFileNames: '[name].mjs',
        chunkFileNames: '[name]-[hash].mjs',
      },
    },
  },
});
