// `clipdock get LINK`: a paste's text or a shared file's bytes, from the link alone. A protected
// share's password comes from --password, CLIPDOCK_PASSWORD or a question on the terminal, and
// travels in the body of the unlock call, never in a URL. Each kind of share has its reader.
import { Command } from 'commander';
import * as z from 'zod/mini';
import { downloadFile, getPublicFile, verifyFilePassword } from '@shared/api/file.endpoints';
import { unlockPaste, viewPaste } from '@shared/api/paste.endpoints';
import { isLockedPaste } from '@shared/api/paste.schema';
import { failureOf } from '@shared/http/failure';
import { randomUuid } from '@shared/random-uuid';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { progressBar } from '@cli/output/progress-bar';
import { askSecret, isInteractive } from '@cli/output/prompt';
import { apiClientFor, cliFetch } from '@cli/session/api-session';
import { chooseTarget, chunksOf, saveTo, type OutputChoice } from '@cli/transfer/save-output';
import { parseShareLink, type ShareKind, type ShareLink } from './share-link';

const getOptionsSchema = z.object({
  password: z.optional(z.string()),
  output: z.optional(z.string()),
  force: z.optional(z.boolean()),
});
type GetOptions = z.infer<typeof getOptionsSchema>;

async function sharePassword(ctx: CliContext, options: GetOptions): Promise<string> {
  const given = options.password ?? ctx.env.CLIPDOCK_PASSWORD;
  if (given !== undefined && given !== '') return given;
  if (isInteractive(ctx)) return askSecret(ctx, 'Password: ');
  throw new CliError(ExitCode.auth, 'this share is protected: pass --password or set CLIPDOCK_PASSWORD');
}

type ShareReader = (ctx: CliContext, link: ShareLink, options: GetOptions & OutputChoice) => Promise<void>;

const readPaste: ShareReader = async (ctx, link, options) => {
  const api = apiClientFor(link.server, null);
  const params = { slug: link.slug };
  let view = await api.call(viewPaste, { params, signal: ctx.signal });
  if (isLockedPaste(view)) {
    const password = await sharePassword(ctx, options);
    view = await api.call(unlockPaste, { params, body: { password }, signal: ctx.signal });
  }
  if (!('content' in view)) throw new CliError(ExitCode.unavailable, 'the server sent no text');
  const target = await chooseTarget(ctx, options, `${link.slug}.txt`, 'stdout');
  const saved = await saveTo(ctx, target, Buffer.from(view.content, 'utf8'), () => undefined);
  if (saved !== '-') ctx.stderr.write(`saved ${saved}\n`);
};

const readFileShare: ShareReader = async (ctx, link, options) => {
  const api = apiClientFor(link.server, null);
  const params = { slug: link.slug };
  let share = await api.call(getPublicFile, { params, signal: ctx.signal });
  let token = share.access_token;
  if (share.requires_password) {
    const password = await sharePassword(ctx, options);
    share = await api.call(verifyFilePassword, {
      params,
      body: { password },
      headers: { 'Idempotency-Key': randomUuid() },
      signal: ctx.signal,
    });
    token = share.access_token;
  }
  const target = await chooseTarget(ctx, options, share.filename, 'file');
  const address = api.url(downloadFile, { params, query: token === null ? {} : { token } });
  const response = await cliFetch(address, { signal: ctx.signal });
  if (!response.ok || response.body === null) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A plain-text answer is read as such.
    }
    throw failureOf(response.status, body, response.headers.get('retry-after'));
  }
  // Bytes bound for the terminal get no bar beside them.
  const bar = target.kind === 'file' ? progressBar(ctx, share.filename, share.size) : undefined;
  const saved = await saveTo(ctx, target, chunksOf(response.body), (bytes) => bar?.update(bytes)).finally(() =>
    bar?.done(),
  );
  if (saved !== '-') ctx.stderr.write(`saved ${saved}\n`);
};

const readers: Record<ShareKind, ShareReader> = { paste: readPaste, file: readFileShare };

export function getCommand(ctx: CliContext): Command {
  return new Command('get')
    .summary('download a paste or a shared file from its link')
    .description(
      "Download the share at LINK: a paste's text (to standard output unless -o), a file under its own name in this folder (unless -o).",
    )
    .argument('<link>', 'the share link, https://…/paste/<slug> or https://…/file/<slug>')
    .option('-p, --password <password>', 'the share’s password (else CLIPDOCK_PASSWORD, else asked on a terminal)')
    .option('-o, --output <path>', 'write to this file or folder; - for standard output')
    .option('--force', 'replace an existing file')
    .action(async (text: string, raw: unknown) => {
      const link = parseShareLink(text);
      await readers[link.kind](ctx, link, z.parse(getOptionsSchema, raw));
    });
}
