// GET /file-preview/:slug: the beginning of a text, code or Markdown share rendered here (on a
// render worker, within its budget: escaped text otherwise, with `unrendered` saying why), so the
// share page runs no Markdown or highlighting code. It reads at most RENDER_MAX_CHARS bytes from
// storage (a ranged read, whatever the driver) and costs a view like a delivery from byte 0: once
// per access token. A last view leaves the share to the sweeper, as a ranged delivery does.
import type { FilePreview } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { hasTextPreview, previewKind } from '@shared/preview-kind';
import { AppError } from '@server/lib/app-error';
import { RENDER_MAX_CHARS, type HtmlRenderer } from '@server/lib/markdown/html-renderer';
import type { PublicFileService } from './public-file.service';

export class FilePreviewService {
  constructor(
    private readonly files: PublicFileService,
    private readonly renderer: HtmlRenderer,
    private readonly limitBytes = RENDER_MAX_CHARS,
  ) {}

  async preview(slug: string, token: string | undefined): Promise<FilePreview> {
    const { row, access } = await this.files.open(slug, token);
    const kind = previewKind(row.mimetype, row.filename);
    if (!hasTextPreview(kind))
      throw new AppError(ErrorCode.BadRequest, `this file has no text preview (it shows as ${kind})`);
    const config = await this.files.configOf(row);
    const range = row.size === 0 ? undefined : { start: 0, end: Math.min(row.size, this.limitBytes) - 1 };
    await this.files.views.record(row, access, range);
    const text =
      range === undefined
        ? ''
        : await readText(await (await this.files.storage.driverFor(config)).getObject(row.storage_path, range));
    const markdown = kind === 'markdown';
    const rendered = markdown ? await this.renderer.markdown(text) : await this.renderer.fileText(text, row.filename);
    // Bytes read never exceed the limit, and a string never has more characters than its bytes.
    if (rendered === undefined) throw new Error('preview text over the render limit');
    return { ...rendered, markdown, truncated: row.size > this.limitBytes, limit_bytes: this.limitBytes };
  }
}

async function readText({ body }: { body: AsyncIterable<Buffer> }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  // A character cut at the limit decodes as U+FFFD, as the browser's own decoder would show it.
  return new TextDecoder().decode(Buffer.concat(chunks));
}
