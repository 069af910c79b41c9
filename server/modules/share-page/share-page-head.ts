// A share page's head (its link-preview tags, server/modules/share-preview) and its server-rendered
// content, composed for the static site: both in the visitor's language (page-language.ts).
import type { PageHeadSource } from '@server/middleware/static-site.middleware';
import { pageLanguage } from './page-language';
import type { SharePageService } from './share-page.service';

export function withSharePages(head: PageHeadSource, pages: SharePageService): PageHeadSource {
  return async (path, acceptLanguage, origin, cookie, withBody = true) => {
    const language = pageLanguage(cookie, acceptLanguage);
    const [found, body] = await Promise.all([
      head(path, language, origin, cookie),
      // Without its content the page is still the app's, which asks for the share itself. A HEAD
      // reads no share: a public paste's page read counts a view.
      withBody ? pages.bodyFor(path, language, origin).catch(() => undefined) : undefined,
    ]);
    if (found === undefined || body === undefined) return found;
    return { ...found, body };
  };
}
