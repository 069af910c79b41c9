// The copies of index.html the build makes for particular routes (scripts/first-load-plugins.ts,
// `routePages`): each one preloads what its route's screen needs first. The build writes them and
// a table of path patterns; the static middleware picks the copy whose pattern matches the path.
import { z } from 'zod';

export const routePagesDir = 'route-pages';
export const routePagesTableFile = `${routePagesDir}/routes.json`;

/** Each entry: a path pattern (a regular expression's source) and its page, relative to the build. */
export const routePagesTableSchema = z.array(z.object({ path: z.string(), file: z.string() }));
export type RoutePagesTable = z.infer<typeof routePagesTableSchema>;
