// The content of a share page's HTML (/paste/{slug}, /file/{slug}), rendered on the server with the
// app's own components (share-page-renderer.ts), so the page shows the share before any script
// runs, and without JavaScript at all. It is rendered from the very answer the page's first call
// would get, which goes with it for the app to take over (src/ui/domain/shares/server-share.ts):
// - a public paste: read and counted as the page's call counts it (`reveal=ask`), its Markdown
//   rendered on the render workers within their budget, never on the event loop;
// - a view-limited paste: the reveal step only, and no view spent; a protected one: its password
//   step only. Nothing of their content, remark or name is in the HTML.
// - a public file without a view limit: its details, links and preview (a text's read and rendered
//   as the page's preview call does it, with the same token: the visit's one view); a protected,
//   view-limited or Office file is left to the app, which asks as before (its details spend no view).
// A missing or expired share, or any failure here, leaves the page as built: the app says why.
import { randomInt } from 'node:crypto';
import { isLockedPaste, isRevealPending, type LockedPasteView, type PasteViewAnswer } from '@shared/api/paste.schema';
import type { PublicFileAnswer } from '@shared/api/file-share.schema';
import { downloadFile, viewFile } from '@shared/api/file.endpoints';
import { rawPaste } from '@shared/api/paste.endpoints';
import { endpointAddress } from '@shared/http/endpoint';
import { hasTextPreview, previewKind } from '@shared/preview-kind';
import type {
  RenderSharePage,
  ServerShareData,
  SharePageInput,
  SharePageLanguage,
  SharePageRendering,
} from '@shared/share-page';
import { AppError } from '@server/lib/app-error';
import type { HtmlRenderer } from '@server/lib/markdown/html-renderer';
import type { PageBody } from '@server/middleware/static-site.middleware';
import { anonymous } from '@server/modules/auth/auth.types';
import type { PasteViewService } from '@server/modules/pastes/paste-view.service';
import type { PublicFileService } from '@server/modules/files/public-file.service';
import type { FilePreviewService } from '@server/modules/files/file-preview.service';
import { type KeptSharePage, RenderedShareCache } from './rendered-share-cache';

const sharePage = /^\/(paste|file)\/([^/]+)\/?$/;
/**
 * A paste's view count as the cached rendering draws it (rendered-share-cache.ts), replaced by the
 * real count per request. Random per process, so no paste's text can predict it.
 */
const VIEWS_PLACEHOLDER = 1_000_000_000 + randomInt(1_000_000_000);
/** The app's API address as the page writes its links (src/ui/lib/base-url.ts, by default). */
const API_BASE = '/api';

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * What a share page's read found, for its link-preview tags (share-preview): the paste's answer as
 * its counted read returned it (before any rendering), or undefined when the read was refused
 * (missing, expired, used up). The tags then need no read of their own.
 */
export type SharePageRead = { kind: 'paste'; answer: PasteViewAnswer | undefined };

/** The page's content and data (when the server renders it), and what its read found. */
export type SharePageOutcome = { body?: PageBody; read?: SharePageRead };

type PageText = { html: string; data: string };

export class SharePageService {
  #renderer: Promise<RenderSharePage | undefined> | undefined;

  constructor(
    private readonly pastes: PasteViewService,
    private readonly files: PublicFileService,
    private readonly html: HtmlRenderer,
    private readonly previews: Pick<FilePreviewService, 'preview'>,
    private readonly loadRenderer: () => Promise<RenderSharePage | undefined>,
    private readonly rendered = new RenderedShareCache(),
  ) {}

  /** The page's content and data for a share page's path, and what its read found; undefined for any other path. */
  bodyFor = async (
    path: string,
    language: SharePageLanguage,
    origin: string,
  ): Promise<SharePageOutcome | undefined> => {
    const match = sharePage.exec(path);
    if (match === null) return undefined;
    const [, kind, encoded = ''] = match;
    let slug: string;
    try {
      slug = decodeURIComponent(encoded);
    } catch {
      return undefined;
    }
    const render = await this.#render();
    if (render === undefined) return undefined;
    const lang = language === 'zh' ? 'zh-CN' : 'en';
    // Dates at the server's offset from UTC now; the browser's first render writes the same.
    const rendering = { language, zoneOffset: zoneOffsetNow() };
    if (kind === 'paste') {
      const answer = await absentOnRefusal(() => this.pastes.view(slug, anonymous, true));
      const read: SharePageRead = { kind: 'paste', answer };
      // An end-to-end encrypted paste opens only in the browser, with the link's key. A protected one
      // is left to the app too: a password typed into the server's form before the app took the page
      // over would be lost with the form.
      if (answer === undefined || answer.e2ee === true || isLockedPaste(answer)) return { read };
      const page = this.#keptPaste(slug, answer, rendering) ?? (await this.#pastePage(render, slug, answer, rendering));
      // A paste's content shows its view count, new on every request; a reveal step is the same each time.
      return { read, body: { ...page, lang, perRequest: !isRevealPending(answer) } };
    }
    const input = await this.#file(slug, origin);
    if (input === undefined || input.kind !== 'file') return {};
    const data: ServerShareData = {
      kind: 'file',
      slug,
      answer: input.answer,
      ...(input.preview === undefined ? {} : { preview: input.preview }),
      rendering,
    };
    // Its links carry a token of this visit.
    return { body: { html: render(input, rendering), data: scriptJson(data), lang, perRequest: true } };
  };

  /**
   * A paste's page from the cache, with this request's view count put in: its Markdown neither
   * rendered nor hashed, its answer not written as JSON again (the counted read's updated time says
   * the content is the one kept). Undefined when not kept.
   */
  #keptPaste(slug: string, answer: ShownPaste, rendering: SharePageRendering): PageText | undefined {
    const kept = this.rendered.get(pasteKey(slug, answer, rendering));
    return kept === undefined ? undefined : filled(kept, viewsOf(answer));
  }

  /**
   * A paste's page rendered with its view count as the placeholder, kept, and filled in; drawn with
   * its real count and not kept when the placeholder is not where the count goes. Markdown the
   * workers did not render (too busy, or too complex for now) is not kept either: a later request
   * may get it rendered (the renderer keeps its verdict for a while, server/lib/markdown).
   */
  async #pastePage(
    render: RenderSharePage,
    slug: string,
    answer: ShownPaste,
    rendering: SharePageRendering,
  ): Promise<PageText> {
    const views = viewsOf(answer);
    const draw = (shown: ShownPaste): PageText => {
      const input: SharePageInput = { kind: 'paste', slug, answer: shown, rawUrl: rawUrlOf(answer) };
      const data: ServerShareData = { kind: 'paste', slug, answer: shown, rendering };
      return { html: render(input, rendering), data: scriptJson(data) };
    };
    const rendered = await this.#rendered(answer);
    if (views === undefined) {
      const page = draw(rendered);
      if (!isUnrendered(rendered))
        this.rendered.set(pasteKey(slug, answer, rendering), { html: [page.html], data: [page.data] });
      return page;
    }
    const placeheld = draw({ ...rendered, views: VIEWS_PLACEHOLDER });
    // Drawn anywhere but as the view count's whole text and its one JSON field, the placeholder
    // would be wrong.
    const kept = {
      html: placeheld.html.split(`>${VIEWS_PLACEHOLDER}<`),
      data: placeheld.data.split(`"views":${VIEWS_PLACEHOLDER}`),
    };
    if (kept.html.length !== 2 || kept.data.length !== 2) return draw(rendered);
    if (!isUnrendered(rendered)) this.rendered.set(pasteKey(slug, answer, rendering), kept);
    return filled(kept, views);
  }

  #render(): Promise<RenderSharePage | undefined> {
    this.#renderer ??= this.loadRenderer().catch(() => undefined);
    return this.#renderer;
  }

  /** The page's `render=html`: Markdown as sanitised HTML, from the render workers. */
  async #rendered(answer: ShownPaste): Promise<ShownPaste> {
    if (isRevealPending(answer) || answer.format !== 'markdown') return answer;
    const rendered = await this.html.markdown(answer.content);
    return rendered === undefined ? answer : { ...answer, ...rendered };
  }

  async #file(slug: string, origin: string): Promise<SharePageInput | undefined> {
    const answer: PublicFileAnswer | undefined = await absentOnRefusal(() => this.files.info(slug, origin));
    if (answer === undefined || answer.requires_password || answer.access_token === null) return undefined;
    if (answer.e2ee !== undefined) return undefined;
    if (answer.max_views !== null && answer.max_views > 0) return undefined;
    // The Office viewers are outside pages the app asks for: left to the app.
    const kind = previewKind(answer.mimetype, answer.filename);
    if (kind === 'office') return undefined;
    const query = { token: answer.access_token };
    const links = {
      view: endpointAddress(API_BASE, viewFile, { params: { slug: answer.slug }, query }),
      download: endpointAddress(API_BASE, downloadFile, { params: { slug: answer.slug }, query }),
    };
    // A text's preview as the page would ask for it, with the same token: the visit's one view.
    const preview = hasTextPreview(kind)
      ? await absentOnRefusal(() => this.previews.preview(answer.slug, answer.access_token ?? undefined))
      : undefined;
    return { kind: 'file', slug, answer, links, ...(preview === undefined ? {} : { preview }) };
  }
}

/** A paste the page shows: its content, or its reveal step. */
type ShownPaste = Exclude<PasteViewAnswer, LockedPasteView>;

const viewsOf = (answer: ShownPaste) => (isRevealPending(answer) ? undefined : answer.views);
const isUnrendered = (answer: ShownPaste) => 'unrendered' in answer && answer.unrendered !== undefined;

/** What a paste's page is drawn from but its view count: an edit makes a new updated time. */
function pasteKey(slug: string, answer: ShownPaste, rendering: SharePageRendering): string {
  const version = isRevealPending(answer) ? `reveal:${String(answer.viewsLeft ?? 'unlimited')}` : answer.updatedAt;
  return ['paste', slug, rendering.language, rendering.zoneOffset, version].join('\0');
}

/** A kept page with this request's view count put in. */
function filled(page: KeptSharePage, views: number | undefined): PageText {
  if (views === undefined) return { html: page.html.join(''), data: page.data.join('') };
  const count = String(views);
  return { html: page.html.join(`>${count}<`), data: page.data.join(`"views":${count}`) };
}

/** This machine's offset from UTC now, in minutes east (never -0, which JSON writes as 0). */
export function zoneOffsetNow(): number {
  const behind = new Date().getTimezoneOffset();
  return behind === 0 ? 0 : -behind;
}

function rawUrlOf(answer: PasteViewAnswer): string {
  const token = 'rawToken' in answer ? answer.rawToken : undefined;
  return endpointAddress(API_BASE, rawPaste, { params: { slug: answer.slug }, query: { token } });
}

/** A refused read (missing, expired, used up) is the app's to explain: no content then. */
async function absentOnRefusal<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
