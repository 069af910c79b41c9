// "Request files here…" for the explorer: who may ask for files into a folder (the admin, or a key
// holding both the file and the mount permission; the server keeps a key inside its base path and
// refuses a read-only one, whose folders are not writable here anyway). It opens the panel's
// "File requests" module with the folder filled in.
import { useMemo } from 'react';
import { useAuthView } from '@ui/domain/session/auth-provider';

/** Opens a new request on the folder at `path`, or undefined for a caller who may not ask for files. */
export function useRequestFilesAction(): ((path: string) => void) | undefined {
  const auth = useAuthView();
  const allowed =
    auth.status === 'admin' ||
    (auth.status === 'apikey' && auth.permissions?.file === true && auth.permissions.mount === true);
  return useMemo(
    () =>
      allowed
        ? (path: string) => window.location.assign(`/admin/file-requests?path=${encodeURIComponent(path)}`)
        : undefined,
    [allowed],
  );
}
