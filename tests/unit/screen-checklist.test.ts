// What every screen needs (docs/adding-a-screen.md), checked on the real route tree: each route
// that shows a screen loads its strings (itself or through a parent), in English and Chinese with
// the same keys, and is in the list of screens the layout test visits at 1280 and 390 px in both
// languages, where its title, its strings and its fit are checked (tests/e2e/support/screens.ts).
import { type AnyRoute, rootRouteId } from '@tanstack/react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { routeTree } from '@ui/routes/route-tree';
import { screens } from '@tests/e2e/support/screens';

type Screen = { fullPath: string; chain: AnyRoute[] };

/** The leaves of the tree (the routes that show a screen of their own), each with its ancestors, root first. */
function screensOf(route: AnyRoute, parents: AnyRoute[] = [], prefix = ''): Screen[] {
  const { options } = route;
  const path = route.id !== rootRouteId && 'path' in options && typeof options.path === 'string' ? options.path : '';
  const fullPath = `${prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  const chain = [...parents, route];
  const children: AnyRoute[] = Array.isArray(route.children) ? route.children : Object.values(route.children ?? {});
  if (children.length === 0) return [{ fullPath, chain }];
  return children.flatMap((child) => screensOf(child, chain, fullPath));
}

/** Runs every loader of the chain against a fresh i18next, as the router would. */
async function stringsLoadedBy(chain: AnyRoute[]): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: {}, lng: 'en', initAsync: false });
  for (const route of chain) {
    const loader: unknown = route.options.loader;
    if (typeof loader === 'function') await loader({ context: { i18n }, params: {}, deps: {}, location: {} });
  }
  return i18n;
}

/** Every key of a catalogue, as dotted paths. */
function keysOf(catalogue: unknown, prefix = ''): string[] {
  if (catalogue === undefined || catalogue === null) return [];
  if (typeof catalogue !== 'object') return [prefix];
  return Object.entries(catalogue).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

const all = screensOf(routeTree);

describe('every screen', () => {
  it('finds the routes of the tree', () => {
    expect(all.map((screen) => screen.fullPath)).toEqual(expect.arrayContaining(['/', '/upload', '/admin/$module']));
  });

  it.each(all.map((screen) => [screen.fullPath, screen] as const))(
    '%s loads its strings in English and Chinese, with the same keys',
    async (_path, screen) => {
      const i18n = await stringsLoadedBy(screen.chain);
      const en = keysOf(i18n.getResourceBundle('en', 'translation')).sort();
      const zh = keysOf(i18n.getResourceBundle('zh', 'translation')).sort();
      expect(en.length).toBeGreaterThan(0);
      expect(zh).toEqual(en);
    },
  );

  it('is measured by the layout test', () => {
    const routes = all.map((screen) => screen.fullPath);
    const listed = Object.keys(screens);
    expect({
      'routes missing from tests/e2e/support/screens.ts': routes.filter((path) => !listed.includes(path)),
      'entries of tests/e2e/support/screens.ts no route has': listed.filter((path) => !routes.includes(path)),
    }).toEqual({
      'routes missing from tests/e2e/support/screens.ts': [],
      'entries of tests/e2e/support/screens.ts no route has': [],
    });
  });
});
