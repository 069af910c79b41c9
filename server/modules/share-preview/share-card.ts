// What a link to a share shows where it is pasted (chat apps, mail, social sites): the Open Graph
// and Twitter card tags of the share's page. A public share shows its title and a description; a
// protected or view-limited one says only that it is protected, in the same words for pastes and
// files, and never its remark, name or an excerpt. Strings follow the visitor's Accept-Language.

export type CardLanguage = 'en' | 'zh';

export type ShareCard = {
  title: string;
  description: string;
  /** `article` for a paste, `video.other` for a public video file, `website` otherwise. */
  type: 'article' | 'website' | 'video.other';
  /** A public image file's own picture (else the product's card image); `share-media.ts` decides. */
  image?: CardMedia;
  /** A public video file, for players that show it inline. */
  video?: CardMedia;
};

/** A picture or a video a card links to; sizes only when known. */
export type CardMedia = { url: string; type: string; width?: number; height?: number; alt?: string };

const words = {
  en: {
    paste: 'Paste',
    protectedTitle: 'A protected share',
    protectedDescription:
      'This share is protected or can be viewed a limited number of times. Open the link to see it.',
    missingTitle: 'Share not available',
    missingDescription: 'This share does not exist, has expired or has been used up.',
    encryptedTitle: 'An end-to-end encrypted share',
    encryptedDescription: 'Only a link with its key opens this share, in the browser.',
  },
  zh: {
    paste: '文本分享',
    protectedTitle: '受保护的分享',
    protectedDescription: '此分享受密码保护或限制了查看次数。打开链接即可查看。',
    missingTitle: '分享不可用',
    missingDescription: '此分享不存在、已过期或已用完查看次数。',
    encryptedTitle: '端到端加密的分享',
    encryptedDescription: '只有带密钥的链接才能在浏览器中打开此分享。',
  },
} as const;

/** `zh` when the visitor's first language that we speak is Chinese; English otherwise. */
export function cardLanguage(acceptLanguage: string | undefined): CardLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export const protectedCard = (language: CardLanguage): ShareCard => ({
  title: words[language].protectedTitle,
  description: words[language].protectedDescription,
  type: 'website',
});

/** An end-to-end encrypted share: the server cannot read it, so it says nothing else. */
export const encryptedCard = (language: CardLanguage): ShareCard => ({
  title: words[language].encryptedTitle,
  description: words[language].encryptedDescription,
  type: 'website',
});

export const missingCard = (language: CardLanguage): ShareCard => ({
  title: words[language].missingTitle,
  description: words[language].missingDescription,
  type: 'website',
});

const TITLE_LENGTH = 90;
const DESCRIPTION_LENGTH = 200;

function clip(text: string, length: number): string {
  // No more UTF-16 units than `length` is no more characters either: nothing to cut or to split.
  if (text.length <= length) return text;
  // Counted by code point, as far as needed only (a paste's first lines may be long).
  let count = 0;
  let offset = 0;
  let kept = 0;
  for (const char of text) {
    count += 1;
    if (count === length) kept = offset;
    if (count > length) return `${text.slice(0, kept).trimEnd()}…`;
    offset += char.length;
  }
  return text;
}

/** Markdown's marks off a line: headings, quotes, list bullets, emphasis, code ticks, links and images. */
function plainLine(line: string): string {
  return line
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_~`]+/g, '')
    .trim();
}

export function pasteCard(
  paste: { remark: string | null; format: string; content_preview: string },
  language: CardLanguage,
): ShareCard {
  const lines = paste.content_preview.split(/\r?\n/);
  const markdown = paste.format === 'markdown';
  const heading = markdown ? lines.find((line) => /^\s{0,3}#{1,6}\s+\S/.test(line)) : undefined;
  const text = lines
    .map((line) => (markdown ? plainLine(line) : line.trim()))
    .filter((line) => line !== '' && !/^(```|~~~|[-*_]{3,}|\|?[\s:|-]+\|?)$/.test(line));
  const remark = paste.remark?.trim();
  const title =
    remark !== undefined && remark !== ''
      ? remark
      : heading !== undefined
        ? plainLine(heading)
        : (text[0] ?? words[language].paste);
  return {
    title: clip(title, TITLE_LENGTH),
    description: clip(text.join(' ').replace(/\s+/g, ' '), DESCRIPTION_LENGTH),
    type: 'article',
  };
}

function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function fileCard(file: { filename: string; mimetype: string; size: number }): ShareCard {
  return {
    title: clip(file.filename, TITLE_LENGTH),
    description: `${file.mimetype} · ${formatSize(file.size)}`,
    type: 'website',
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Twitter's player card frames a video at this size (the frame's, not the video's: it letterboxes). */
const PLAYER_FRAME = { width: 640, height: 360 };

const meta = (kind: 'property' | 'name', key: string, value: string | number) =>
  `<meta ${kind}="${key}" content="${escapeHtml(String(value))}" />`;

function mediaTags(prefix: 'og:image' | 'og:video', media: CardMedia, secure: boolean): string[] {
  const tags = [meta('property', prefix, media.url)];
  if (secure) tags.push(meta('property', `${prefix}:secure_url`, media.url));
  tags.push(meta('property', `${prefix}:type`, media.type));
  if (media.width !== undefined && media.height !== undefined)
    tags.push(meta('property', `${prefix}:width`, media.width), meta('property', `${prefix}:height`, media.height));
  if (media.alt !== undefined) tags.push(meta('property', `${prefix}:alt`, media.alt));
  return tags;
}

/**
 * The tags for the page's head: title, description, Open Graph (a public image file's own picture,
 * a public video with its type) and a Twitter card: `summary_large_image` for a picture, `player`
 * for a video served over HTTPS (Twitter plays nothing else), `summary` otherwise.
 */
export function cardTags(
  card: ShareCard,
  pageUrl: string,
  imageUrl: string,
  siteName: string,
  extraTags: readonly string[] = [],
): string {
  const title = escapeHtml(card.title);
  const description = escapeHtml(card.description);
  const secure = pageUrl.startsWith('https:');
  const player = card.video !== undefined && secure ? card.video : undefined;
  const twitterCard = player !== undefined ? 'player' : card.image !== undefined ? 'summary_large_image' : 'summary';
  return [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="${card.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    ...(card.image === undefined
      ? [`<meta property="og:image" content="${escapeHtml(imageUrl)}" />`]
      : mediaTags('og:image', card.image, secure)),
    ...(card.video === undefined ? [] : mediaTags('og:video', card.video, secure)),
    `<meta name="twitter:card" content="${twitterCard}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(card.image === undefined ? [] : [meta('name', 'twitter:image', card.image.url)]),
    ...(player === undefined
      ? []
      : [
          meta('name', 'twitter:player', player.url),
          meta('name', 'twitter:player:width', player.width ?? PLAYER_FRAME.width),
          meta('name', 'twitter:player:height', player.height ?? PLAYER_FRAME.height),
          meta('name', 'twitter:player:stream', player.url),
          meta('name', 'twitter:player:stream:content_type', player.type),
        ]),
    ...extraTags,
  ].join('\n    ');
}

export const cardTitle = (card: ShareCard, siteName: string) => escapeHtml(`${card.title} · ${siteName}`);
