// The `clipdock` command as one file: cli/src/main.ts with src/shared and every library it uses
// (commander, zod) bundled into cli/dist/clipdock.mjs, so the package in cli/ installs on its own
// with no dependencies (`npm pack ./cli`).
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'cli/src/main.ts',
    outDir: 'cli/dist',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    minify: false,
    rolldownOptions: {
      output: {
        format: 'esm',
        entryFileNames: 'clipdock.mjs',
        banner: '#!/usr/bin/env node',
        codeSplitting: false,
      },
    },
  },
});
