// A share page's head (its link-preview tags, server/modules/share-preview) and its server-rendered
// content, composed for the static site: both in the visitor's language (page-language.ts). The
// content is read first: its counted read gives the tags what they show, so a page costs one read
// of the share, not two (the tags read the share themselves only when the page's read did not).
import type { PageHead, PageHeadSource } from '@server/middleware/static-site.middleware';
import type { SharePageLanguage } from '@shared/share-page';
import { pageLanguage } from './page-language';
import type { SharePageRead, SharePageService } from './share-page.service';

/** The tags of a share page's path (undefined for any other path), from `read` when given. */
export type ShareHeadSource = (
  path: string,
  language: SharePageLanguage,
  origin: string,
  read?: SharePageRead,
) => Promise<PageHead | undefined>;

export function withSharePages(head: ShareHeadSource, pages: Pick<SharePageService, 'bodyFor'>): PageHeadSource {
  return async (path, acceptLanguage, origin, cookie, withBody = true) => {
    const language = pageLanguage(cookie, acceptLanguage);
    // A HEAD reads no share: a public paste's page read counts a view. Without its content the page
    // is still the app's, which asks for the share itself.
    if (!withBody) return head(path, language, origin);
    const outcome = await pages.bodyFor(path, language, origin).catch(() => undefined);
    const found = await head(path, language, origin, outcome?.read);
    if (found === undefined || outcome?.body === undefined) return found;
    return { ...found, body: outcome.body };
  };
}
