// Explorer paths are written as the server writes them (fs.schema.ts): absolute, folders ending
// with `/`, a literal `%` sent as `%25`. The route's splat carries a folder in that same form.

/** The folder the route names: `/` for the root, else `/a/b/` (one trailing slash). */
export function folderFromSplat(splat: string | undefined): string {
  const trimmed = (splat ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** The route splat of a folder path (no leading or trailing slash). */
export function splatOf(folder: string): string {
  return folder.replace(/^\/+|\/+$/g, '');
}

/** A plain name as a path segment: only `%` needs writing out, the server decodes once. */
export function encodeName(name: string): string {
  return name.replaceAll('%', '%25');
}

/** A segment of a path as the user reads it. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function childPath(folder: string, name: string, isDirectory = false): string {
  const base = folder.endsWith('/') ? folder : `${folder}/`;
  return `${base}${encodeName(name)}${isDirectory ? '/' : ''}`;
}

/** The folder holding `path` (a file or a folder); `/` for the root and the top level. */
export function parentOf(path: string): string {
  const segments = splatOf(path).split('/').filter(Boolean);
  return segments.length <= 1 ? '/' : `/${segments.slice(0, -1).join('/')}/`;
}

/** The last segment of `path`, decoded. */
export function nameOf(path: string): string {
  const segments = splatOf(path).split('/').filter(Boolean);
  return decodeSegment(segments[segments.length - 1] ?? '');
}

export type Crumb = { label: string; folder: string };

/** The root, then each folder down to `folder`. */
export function crumbsOf(folder: string): Crumb[] {
  const segments = splatOf(folder).split('/').filter(Boolean);
  return segments.map((segment, index) => ({
    label: decodeSegment(segment),
    folder: `/${segments.slice(0, index + 1).join('/')}/`,
  }));
}
