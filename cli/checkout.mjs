#!/usr/bin/env node
// `npx clipdock` in a checkout: runs the command's TypeScript source through tsx, with the
// repository's path aliases, so it is always the code of this checkout. The published package
// runs the bundle in dist/ instead (see cli/README.md).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.base.json', import.meta.url)) });
await import('./src/main.ts');
