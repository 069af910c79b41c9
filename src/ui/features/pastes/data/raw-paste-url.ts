import { rawPaste } from '@shared/api/paste.endpoints';
import type { ApiClient } from '@shared/http/api-client';

/** A paste's raw text link; a protected paste's link carries its short-lived raw token. */
export function rawPasteUrl(api: ApiClient, slug: string, token?: string): string {
  return api.url(rawPaste, { params: { slug }, query: { token } });
}
