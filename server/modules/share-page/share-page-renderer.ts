// Loads the module that renders a share page's content (src/ui/ssr/share-page-render.tsx): its
// TypeScript source under tsx and vitest, else the copy the server build wrote beside server.mjs
// (vite.server.config.ts). Loaded at run time, by address, so the server imports no UI code.
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RenderSharePage } from '@shared/share-page';

function moduleUrl(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fromSource ? '../../../src/ui/ssr/share-page-render.tsx' : './share-page-render.mjs';
  return pathToFileURL(fileURLToPath(new URL(file, import.meta.url))).href;
}

const isRenderer = (value: unknown): value is RenderSharePage => typeof value === 'function';

/** The renderer, or undefined when it cannot be loaded (the pages are then served as built). */
export async function loadSharePageRenderer(url: string = moduleUrl()): Promise<RenderSharePage | undefined> {
  const loaded: unknown = await import(/* @vite-ignore */ url);
  if (typeof loaded !== 'object' || loaded === null || !('renderSharePage' in loaded)) return undefined;
  return isRenderer(loaded.renderSharePage) ? loaded.renderSharePage : undefined;
}
