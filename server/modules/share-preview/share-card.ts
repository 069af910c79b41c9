// What a link to a share shows where it is pasted (chat apps, mail, social sites): the Open Graph
// and Twitter card tags of the share's page. A public share shows its title and a description; a
// protected or view-limited one says only that it is protected, in the same words for pastes and
// files, and never its remark, name or an excerpt. Strings follow the visitor's Accept-Language.

export type CardLanguage = 'en' | 'zh';

export type ShareCard = {
  title: string;
  description: string;
  /** `article` for a paste, `website` otherwise. */
  type: 'article' | 'website';
};

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
  const chars = [...text];
  return chars.length <= length
    ? text
    : `${chars
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`;
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

/** The tags for the page's head: title, description, Open Graph and a Twitter summary card. */
export function cardTags(card: ShareCard, pageUrl: string, imageUrl: string, siteName: string): string {
  const title = escapeHtml(card.title);
  const description = escapeHtml(card.description);
  return [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="${card.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
}

export const cardTitle = (card: ShareCard, siteName: string) => escapeHtml(`${card.title} · ${siteName}`);
