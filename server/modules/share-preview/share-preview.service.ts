// The head of a share page (/paste/{slug}, /file/{slug}) as link unfurlers read it: the share's card
// (share-card.ts) read straight from the database without spending a view, so a chat app's bot, a
// link prefetcher or a mail scanner that fetches the page leaves a view-limited share as it was.
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { PasteViewService } from '@server/modules/pastes/paste-view.service';
import { isoAt, type Clock } from '@server/lib/clock';
import { TtlCache } from '@server/lib/cache/ttl-cache';
import type { PageHead } from '@server/middleware/static-site.middleware';
import { APP_NAME } from '@shared/limits';
import { isLockedPaste, isRevealPending, type PasteViewAnswer } from '@shared/api/paste.schema';
import {
  cardLanguage,
  cardTags,
  cardTitle,
  encryptedCard,
  fileCard,
  missingCard,
  pasteCard,
  protectedCard,
  type CardLanguage,
  type ShareCard,
} from './share-card';
import {
  CARD_IMAGE_TYPE,
  cardImagePath,
  cardVideoPath,
  hasCardImage,
  hasCardVideo,
  isLimitedShare,
  mayHaveCardPoster,
} from './share-media';
import type { CardPosters } from './card-posters';

const sharePage = /^\/(paste|file)\/([^/]+)\/?$/;
/** Enough of a paste for a title and a two-line description. */
const EXCERPT_LENGTH = 600;
/** The product's card image, for every share but a small public image file (share-media.ts). */
const CARD_IMAGE = '/icon-512.png';

const isLimited = isLimitedShare;

/**
 * What the share page's own read found (server/modules/share-page): a paste's answer as its counted
 * read returned it, or undefined when refused (missing, expired, used up). Its card then needs no
 * read of its own, and says what one would have said.
 */
export type KnownShare = { kind: 'paste'; answer: PasteViewAnswer | undefined };

/** The heads made lately from a public paste's read: the same paste version asks for the same tags. */
const KEPT_HEADS = 2000;
const KEPT_HEAD_BYTES = 4 * 1024 * 1024;
const KEPT_HEAD_MS = 10 * 60 * 1000;

/** oEmbed discovery: consumers that speak it ask /api/oembed for the same card. */
const oembedLink = (origin: string, pageUrl: string) =>
  `<link rel="alternate" type="application/json+oembed" href="${origin}/api/oembed?url=${encodeURIComponent(pageUrl)}&amp;format=json" />`;

export class SharePreviewService {
  readonly #heads: TtlCache<PageHead>;

  constructor(
    private readonly pastes: Pick<PasteViewService, 'preview'>,
    private readonly records: Pick<ShareRecordsService, 'bySlug'>,
    private readonly clock: Clock,
    private readonly posters: CardPosters,
  ) {
    this.#heads = new TtlCache<PageHead>(clock, {
      maxEntries: KEPT_HEADS,
      defaultTtlMs: KEPT_HEAD_MS,
      maxSize: KEPT_HEAD_BYTES,
      sizeOf: (head) => 2 * (head.title.length + head.tags.length),
    });
  }

  /** The head for a share page's path, or undefined for any other path. */
  headFor = async (
    path: string,
    acceptLanguage: string | undefined,
    origin: string,
    known?: KnownShare,
  ): Promise<PageHead | undefined> => {
    // A public paste's tags follow from its version (an edit makes a new updated time), kept.
    const version = known?.answer !== undefined && 'updatedAt' in known.answer ? known.answer.updatedAt : undefined;
    const key = version === undefined ? undefined : [path, origin, acceptLanguage ?? '', version].join('\0');
    const kept = key === undefined ? undefined : this.#heads.get(key);
    if (kept !== undefined) return kept;
    const card = await this.cardFor(path, acceptLanguage, origin, known);
    if (card === undefined) return undefined;
    const pageUrl = `${origin}${path}`;
    const head = {
      title: cardTitle(card, APP_NAME),
      tags: cardTags(card, pageUrl, `${origin}${CARD_IMAGE}`, APP_NAME, [oembedLink(origin, pageUrl)]),
    };
    if (key !== undefined) this.#heads.set(key, head);
    return head;
  };

  /** The card of a share page's path (read without spending a view), or undefined for any other path. */
  async cardFor(
    path: string,
    acceptLanguage: string | undefined,
    origin: string,
    known?: KnownShare,
  ): Promise<ShareCard | undefined> {
    const match = sharePage.exec(path);
    if (match === null) return undefined;
    const [, kind, encoded = ''] = match;
    let slug: string;
    try {
      slug = decodeURIComponent(encoded);
    } catch {
      return undefined;
    }
    const language = cardLanguage(acceptLanguage);
    if (kind === 'paste' && known?.kind === 'paste') return knownPasteCard(known.answer, language);
    return kind === 'paste' ? this.#pasteCard(slug, language) : this.#fileCard(slug, language, origin);
  }

  async #pasteCard(slug: string, language: CardLanguage): Promise<ShareCard> {
    const paste = await this.pastes.preview(slug, isoAt(this.clock), EXCERPT_LENGTH);
    if (paste === undefined) return missingCard(language);
    if (isLimited(paste)) return protectedCard(language);
    return paste.e2ee === 1 ? encryptedCard(language) : pasteCard(paste, language);
  }

  async #fileCard(slug: string, language: CardLanguage, origin: string): Promise<ShareCard> {
    const file = await this.records.bySlug(slug);
    const now = isoAt(this.clock);
    const gone =
      file === undefined ||
      file.status !== 'committed' ||
      (file.expires_at !== null && file.expires_at <= now) ||
      ((file.max_views ?? 0) > 0 && file.views >= (file.max_views ?? 0));
    if (gone) return missingCard(language);
    if (isLimited(file)) return protectedCard(language);
    if (file.e2ee !== null) return encryptedCard(language);
    const card = fileCard(file);
    const media = { type: file.mimetype, alt: card.title };
    // A stored poster (a large thumbnail of this version) gives any public image or video its card.
    const poster =
      mayHaveCardPoster(file) &&
      (await this.posters.largeOf(file.storage_config_id, file.storage_path, file.etag)) !== undefined;
    if (poster || hasCardImage(file))
      card.image = { ...media, type: CARD_IMAGE_TYPE, url: `${origin}${cardImagePath(file.slug)}` };
    if (hasCardVideo(file)) {
      card.type = 'video.other';
      card.video = { type: file.mimetype, url: `${origin}${cardVideoPath(file.slug)}` };
    }
    return card;
  }
}

/** The card of a paste from a read of it (the same card its own peek makes). */
function knownPasteCard(answer: PasteViewAnswer | undefined, language: CardLanguage): ShareCard {
  if (answer === undefined) return missingCard(language);
  if (isLockedPaste(answer)) return protectedCard(language);
  if (isRevealPending(answer))
    return answer.viewsLeft === null && answer.e2ee === true ? encryptedCard(language) : protectedCard(language);
  if (answer.hasPassword || answer.maxViews !== null) return protectedCard(language);
  if (answer.e2ee === true) return encryptedCard(language);
  const excerpt = firstCodePoints(answer.content, EXCERPT_LENGTH);
  return pasteCard({ remark: answer.remark, format: answer.format, content_preview: excerpt }, language);
}

/** The first `count` code points of `text`, as the database's substr counts them for the peek. */
function firstCodePoints(text: string, count: number): string {
  if (text.length <= count) return text;
  let offset = 0;
  for (let taken = 0; taken < count && offset < text.length; taken += 1)
    offset += (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  return text.slice(0, offset);
}
