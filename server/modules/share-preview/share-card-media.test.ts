import { describe, expect, it } from 'vitest';
import { cardTags, fileCard, pasteCard, type ShareCard } from './share-card';
import { CARD_SOURCE_MAX_BYTES, hasCardImage, hasCardVideo } from './share-media';

const tagsOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );

const open = { password_hash: null, max_views: null };

describe('link card media', () => {
  it('scales a public PNG, JPEG, GIF or WebP up to the limit for its card image, nothing else', () => {
    for (const mimetype of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(hasCardImage({ ...open, mimetype, size: CARD_SOURCE_MAX_BYTES })).toBe(true);
    expect(hasCardImage({ ...open, mimetype: 'image/png', size: CARD_SOURCE_MAX_BYTES + 1 })).toBe(false);
    expect(hasCardImage({ ...open, mimetype: 'image/svg+xml', size: 10 })).toBe(false);
    expect(hasCardImage({ ...open, password_hash: 'h', mimetype: 'image/png', size: 10 })).toBe(false);
    expect(hasCardImage({ ...open, max_views: 1, mimetype: 'image/png', size: 10 })).toBe(false);
    expect(hasCardImage({ ...open, max_views: 0, mimetype: 'image/png', size: 10 })).toBe(true);
  });

  it('offers public MP4 and WebM videos only', () => {
    expect(hasCardVideo({ ...open, mimetype: 'video/mp4', size: 1 })).toBe(true);
    expect(hasCardVideo({ ...open, mimetype: 'video/webm', size: 1 })).toBe(true);
    expect(hasCardVideo({ ...open, mimetype: 'video/x-msvideo', size: 1 })).toBe(false);
    expect(hasCardVideo({ ...open, max_views: 2, mimetype: 'video/mp4', size: 1 })).toBe(false);
  });

  it('over HTTPS gives a video its secure URL, sizes when known, and a Twitter player', () => {
    const card: ShareCard = {
      ...fileCard({ filename: 'clip.mp4', mimetype: 'video/mp4', size: 1000 }),
      type: 'video.other',
      video: { url: 'https://x.test/api/file-view/abc', type: 'video/mp4', width: 1920, height: 1080 },
    };
    const tags = tagsOf(cardTags(card, 'https://x.test/file/abc', 'https://x.test/icon-512.png', 'Clipdock'));
    expect(tags).toMatchObject({
      'og:type': 'video.other',
      'og:video': 'https://x.test/api/file-view/abc',
      'og:video:secure_url': 'https://x.test/api/file-view/abc',
      'og:video:type': 'video/mp4',
      'og:video:width': '1920',
      'og:video:height': '1080',
      'og:image': 'https://x.test/icon-512.png',
      'twitter:card': 'player',
      'twitter:player': 'https://x.test/api/file-view/abc',
      'twitter:player:width': '1920',
      'twitter:player:height': '1080',
      'twitter:player:stream:content_type': 'video/mp4',
    });
  });

  it('frames a video of unknown size at 640 × 360 for Twitter and claims no size in Open Graph', () => {
    const card: ShareCard = {
      ...fileCard({ filename: 'clip.webm', mimetype: 'video/webm', size: 1000 }),
      video: { url: 'https://x.test/api/file-view/abc', type: 'video/webm' },
    };
    const tags = tagsOf(cardTags(card, 'https://x.test/file/abc', 'https://x.test/icon-512.png', 'Clipdock'));
    expect(tags['og:video:width']).toBeUndefined();
    expect(tags['twitter:player:width']).toBe('640');
    expect(tags['twitter:player:height']).toBe('360');
  });
});

describe('a paste card clipped', () => {
  it('cuts a long description at 199 characters and an ellipsis, counting characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(300);
    const card = pasteCard({ remark: null, format: 'plain', content_preview: emoji }, 'en');
    expect([...card.description]).toHaveLength(200);
    expect(card.description.endsWith('😀…')).toBe(true);
    const fits = '😀'.repeat(200);
    expect(pasteCard({ remark: null, format: 'plain', content_preview: fits }, 'en').description).toBe(fits);
    const short = 'a'.repeat(150);
    expect(pasteCard({ remark: 'r', format: 'plain', content_preview: short }, 'en').description).toBe(short);
  });
});
