// The production server as one ES module: `server/index.ts` bundled for Node into
// dist-server/server.mjs, with every npm dependency left external (loaded from node_modules).
// Chunks stay next to server.mjs, so `new URL('../dist', import.meta.url)` still finds the web app.
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    ssr: 'server/index.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    minify: false,
    rolldownOptions: {
      output: {
        format: 'esm',
        entryFileNames: 'server.mjs',
        chunkFileNames: '[name]-[hash].mjs',
      },
    },
  },
});
