// GET /api/oembed?url=: the card of a share page (share-preview.service.ts, read without spending a
// view) in oEmbed 1.0's words. A public video is a `video` whose html plays it; everything else is
// a `link` (oEmbed's photo and thumbnails need pixel sizes, which are not known without an image
// library). Only this server's own share pages are answered; anything else is 404.
import { ErrorCode } from '@shared/errors';
import { APP_NAME } from '@shared/limits';
import { AppError } from '@server/lib/app-error';
import type { SharePreviewService } from './share-preview.service';

export type OembedAnswer = {
  version: '1.0';
  type: 'link' | 'video';
  title: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  html?: string;
  width?: number;
  height?: number;
};

const FRAME = { width: 640, height: 360 };
const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export class OembedService {
  constructor(private readonly previews: SharePreviewService) {}

  async answer(
    input: { url: string; maxwidth?: number | undefined; maxheight?: number | undefined },
    acceptLanguage: string | undefined,
    origin: string,
  ): Promise<OembedAnswer> {
    let page: URL;
    try {
      page = new URL(input.url);
    } catch {
      throw notShare();
    }
    // The host, not the scheme: a proxy may end TLS in front of a server that does not trust it.
    if (page.host !== new URL(origin).host) throw notShare();
    const card = await this.previews.cardFor(page.pathname, acceptLanguage, origin);
    if (card === undefined) throw notShare();
    const base = {
      version: '1.0' as const,
      title: card.title,
      provider_name: APP_NAME,
      provider_url: `${origin}/`,
      cache_age: 300,
    };
    if (card.video === undefined) return { ...base, type: 'link' };
    const scale = Math.min(
      1,
      (input.maxwidth ?? FRAME.width) / FRAME.width,
      (input.maxheight ?? FRAME.height) / FRAME.height,
    );
    const width = Math.max(1, Math.floor(FRAME.width * scale));
    const height = Math.max(1, Math.floor(FRAME.height * scale));
    const src = escapeAttribute(card.video.url);
    const type = escapeAttribute(card.video.type);
    return {
      ...base,
      type: 'video',
      width,
      height,
      html: `<video controls preload="metadata" width="${width}" height="${height}"><source src="${src}" type="${type}" /></video>`,
    };
  }
}

function notShare(): AppError {
  return new AppError(ErrorCode.NotFound, 'url: not a share page of this server');
}
