// Whose explorer this is: the admin's calls go under /admin/fs, a key's with mount permission
// under /user/fs. Kept apart from the calls themselves, so a visitor without either gets the
// sign-in notice without loading the explorer.
import { useAuthView } from '@ui/domain/session/auth-provider';

export type FsScope = 'admin' | 'user';

/** Which file system calls the signed-in user makes, or null when the explorer is not theirs. */
export function useFsScope(): FsScope | null {
  const auth = useAuthView();
  if (auth.status === 'admin') return 'admin';
  if (auth.status === 'apikey' && auth.permissions?.mount === true) return 'user';
  return null;
}
