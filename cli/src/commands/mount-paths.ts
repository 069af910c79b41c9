// Paths in the mounts as the user types them and as the server reads them: absolute, with a
// literal % sent as %25 (the server decodes a path once); replies write paths the same way.
export function serverPath(input: string): string {
  const trimmed = input.trim();
  return (trimmed.startsWith('/') ? trimmed : `/${trimmed}`).replaceAll('%', '%25');
}

/** A path from a reply, as the user reads it. */
export function shownPath(path: string): string {
  return path.replaceAll('%25', '%');
}

/** The last segment of a path, folders' trailing slash aside. */
export function lastSegment(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments[segments.length - 1] ?? '';
}

/** The folder that holds a path: `/a/b/c` → `/a/b`. */
export function parentOf(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return `/${segments.slice(0, -1).join('/')}`;
}
