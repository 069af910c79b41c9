// Every screen of the app, by its route's full path in src/ui/routes/route-tree.ts, with the
// addresses the layout test (tests/e2e/layout-fit.e2e.ts) visits for it: no sideways scroll, no
// cut-off control, a title, no "Loading" left, at 1280 and 390 px in English and Chinese.
// tests/unit/screen-checklist.test.ts fails when a route of the tree has no entry here.
import { adminModules } from '@ui/features/admin/admin-modules';

/** What the layout test makes before it visits the screens. */
export type ScreenFixtures = {
  pasteSlug: string;
  fileSlug: string;
  /** A folder inside a mount, as the explorer's address spells it (no leading slash). */
  folder: string;
  requestSlug: string;
};

export const screens = {
  '/': () => ['/'],
  '/upload': () => ['/upload'],
  '/paste/$slug': ({ pasteSlug }) => [`/paste/${pasteSlug}`],
  '/file/$slug': ({ fileSlug }) => [`/file/${fileSlug}`],
  '/mount-explorer/': () => ['/mount-explorer'],
  '/mount-explorer/$': ({ folder }) => [`/mount-explorer/${folder}`],
  '/request/$slug': ({ requestSlug }) => [`/request/${requestSlug}`],
  '/admin/': () => ['/admin'],
  // Every module the panel has, so a new one is measured too (the dashboard is /admin).
  '/admin/$module': () => adminModules.filter((module) => module !== 'dashboard').map((module) => `/admin/${module}`),
} satisfies Record<string, (fixtures: ScreenFixtures) => string[]>;

/** Every address to visit, in the order above. */
export function screenAddresses(fixtures: ScreenFixtures): string[] {
  return Object.values(screens).flatMap((addresses) => addresses(fixtures));
}
