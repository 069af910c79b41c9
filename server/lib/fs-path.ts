// Explorer paths, pure. A request path is made canonical once (the shared rule: one percent-decode,
// `.`/`..`/`//` resolved, encoded separators refused) and that one form is what both the base-path
// check and the storage key come from, so no spelling can pass the check and name another key.
import { normalizePath } from '@shared/path-rule';
import { fieldError } from '@server/lib/field-error';

export type FsPath = {
  /** Canonical: absolute, no trailing slash (except `/`). */
  path: string;
  /** The request ended in `/`: it names a folder. */
  folder: boolean;
};

const maxKeyBytes = 1024;
/** The longest name a file system takes (NAME_MAX); S3 allows more, but one limit holds on every driver. */
export const MAX_NAME_BYTES = 255;
const controlChars = /[\u0000-\u001f\u007f]/;

/**
 * Parses a path from a request; throws a 400 naming `field` when it is not absolute, is badly
 * encoded, climbs above `/` or holds control characters. A `%` not followed by two hex digits is
 * taken literally (names like `100%.txt`).
 */
export function parseFsPath(raw: string, field = 'path'): FsPath {
  const path = normalizePath(raw.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  if (path === null)
    throw fieldError(
      field,
      'is not a valid absolute path (it must start with /, stay below /, and not encode / or \\)',
    );
  if (controlChars.test(path)) throw fieldError(field, 'may not contain control characters');
  if (new TextEncoder().encode(path).length > maxKeyBytes + 200) throw fieldError(field, 'is too long');
  const long = path.split('/').find((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES);
  if (long !== undefined)
    throw fieldError(
      field,
      `holds a name of ${Buffer.byteLength(long)} bytes; a file or folder name is at most ${MAX_NAME_BYTES} bytes (UTF-8)`,
    );
  return { path, folder: path !== '/' && /\/+$/.test(raw) };
}

/** Whether `path` is `ancestor` or lies below it, by whole segments. */
export function atOrUnder(path: string, ancestor: string): boolean {
  return ancestor === '/' || path === ancestor || path.startsWith(`${ancestor}/`);
}

/** Whether `path` lies strictly below `ancestor`. */
export function under(path: string, ancestor: string): boolean {
  return path !== ancestor && atOrUnder(path, ancestor);
}

export function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** `path` and every folder above it. */
export function withAncestors(path: string): string[] {
  const paths = [path];
  for (let at = path; at !== '/'; ) {
    at = parentOf(at);
    paths.push(at);
  }
  return paths;
}

export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The first segment of `target` below `from` (which must be an ancestor of it). */
export function nextSegment(from: string, target: string): string {
  const rest = from === '/' ? target.slice(1) : target.slice(from.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : rest.slice(0, slash);
}

/** The object key of `path` inside the mount at `mountPath`; '' for the mount's root. */
export function keyOf(mountPath: string, path: string): string {
  return path === mountPath ? '' : path.slice(mountPath.length + 1);
}

/** The explorer path of `key` in the mount at `mountPath` (a folder key's trailing `/` dropped). */
export function pathOfKey(mountPath: string, key: string): string {
  const trimmed = key.replace(/\/+$/, '');
  return trimmed === '' ? mountPath : `${mountPath}/${trimmed}`;
}

/** A folder's listing prefix: '' at the mount root, else `key/`. */
export function folderPrefix(key: string): string {
  return key === '' ? '' : `${key}/`;
}

/** The innermost mount containing `path`, if any. */
export function innermostMount<M extends { mount_path: string }>(mounts: readonly M[], path: string): M | undefined {
  let best: M | undefined;
  for (const mount of mounts) {
    if (atOrUnder(path, mount.mount_path) && (best === undefined || mount.mount_path.length > best.mount_path.length))
      best = mount;
  }
  return best;
}

/**
 * A path as the index keeps it: relative to its mount (`/2024/a.jpg` in the mount at `/photos`),
 * so moving a mount to another path leaves its index valid.
 */
export function inMount(mountPath: string, path: string): string {
  return path === mountPath ? '/' : path.slice(mountPath.length);
}

/** The explorer path of an index path of the mount at `mountPath`. */
export function fromMount(mountPath: string, relative: string): string {
  return relative === '/' ? mountPath : `${mountPath}${relative}`;
}

/**
 * A path as replies carry it: a literal `%` written `%25`, so any path a reply holds can be sent
 * back as it is (requests are percent-decoded once); folders end with `/`.
 */
export function wirePath(path: string, folder: boolean): string {
  const escaped = path.replaceAll('%', '%25');
  return folder && path !== '/' ? `${escaped}/` : escaped;
}

/** Code points, as SQL's length() and substr() count them. */
export function codePoints(text: string): number {
  return [...text].length;
}
