import type { AuthContext } from '@machines/auth.machine';
import type { Credentials } from '@shared/http/api-client';

/** The credentials of the signed-in session, as the API client and the transfer worker send them. */
export function credentialsOf(context: AuthContext | undefined): Credentials | null {
  if (context?.adminToken) return { scheme: 'admin', token: context.adminToken };
  if (context?.apiKey) return { scheme: 'apikey', key: context.apiKey };
  return null;
}
