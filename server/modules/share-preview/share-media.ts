// Which public file shares carry their own media in link cards. A public PNG, JPEG, GIF or WebP up
// to CARD_SOURCE_MAX_BYTES gets a card image scaled from it (card-image-maker.ts: a JPEG at most
// 1200 px wide, served by /api/card-image, which spends no view); a larger one gets the product's
// card image. A public MP4 or WebM video is offered to players through /api/file-view (playing it
// counts as reading it, like any visitor's). Protected and view-limited shares never get either.
// Where the thumbnails stored beside the object (server/modules/thumbnails) hold a large one made
// from its current version, the card is scaled from that instead of the original: any public image
// (whatever its size) and a video's poster, the frame its uploader's browser took.

/** The largest picture the server scales for a card (read whole, decoded at most 64 MP). */
export const CARD_SOURCE_MAX_BYTES = 50 * 1024 * 1024;
/** What /api/card-image answers: every unfurler reads JPEG. */
export const CARD_IMAGE_TYPE = 'image/jpeg';

const cardImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const cardVideoTypes: ReadonlySet<string> = new Set(['video/mp4', 'video/webm']);

type Share = { password_hash: string | null; max_views: number | null; mimetype: string; size: number };

/** Protected by a password or a view limit: its card says only that. */
export const isLimitedShare = (share: Pick<Share, 'password_hash' | 'max_views'>) =>
  share.password_hash !== null || (share.max_views ?? 0) > 0;

export const hasCardImage = (share: Share) =>
  !isLimitedShare(share) && cardImageTypes.has(share.mimetype) && share.size <= CARD_SOURCE_MAX_BYTES;

export const hasCardVideo = (share: Share) => !isLimitedShare(share) && cardVideoTypes.has(share.mimetype);

export const cardImagePath = (slug: string) => `/api/card-image/${encodeURIComponent(slug)}`;
export const cardVideoPath = (slug: string) => `/api/file-view/${encodeURIComponent(slug)}`;

/** A public image or video: its card may come from its stored large thumbnail (its poster). */
export const mayHaveCardPoster = (share: Share) =>
  !isLimitedShare(share) && (share.mimetype.startsWith('image/') || cardVideoTypes.has(share.mimetype));
