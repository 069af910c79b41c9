// `clipdock get LINK`: a paste's text or a shared file's bytes, from the link alone. A protected
// share's password comes from --password, CLIPDOCK_PASSWORD or a question on the terminal, and
// travels in the body of the unlock call, never in a URL. An end-to-end encrypted share opens here
// with the key in the link's fragment, which no request carries, or for a passphrase share with the
// passphrase (--passphrase, CLIPDOCK_PASSPHRASE or a question); either is checked against the share's
// key check before anything that spends a view. Each kind of share has its reader.
import { Command } from 'commander';
import * as z from 'zod/mini';
import { downloadFile, getPublicFile, verifyFilePassword } from '@shared/api/file.endpoints';
import { unlockPaste, viewPaste } from '@shared/api/paste.endpoints';
import { isLockedPaste, isRevealPending, type PasteView } from '@shared/api/paste.schema';
import { openingStream, RecordError } from '@shared/e2ee/records';
import { type E2eeFileHeader, openFile, openPaste } from '@shared/e2ee/share';
import { type E2eeLock, matchesLock } from '@shared/e2ee/lock';
import { secretFromPassphrase } from '@shared/e2ee/passphrase';
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
  passphrase: z.optional(z.string()),
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

async function sharePassphrase(ctx: CliContext, options: GetOptions): Promise<string> {
  const given = options.passphrase ?? ctx.env.CLIPDOCK_PASSPHRASE;
  if (given !== undefined && given !== '') return given;
  if (isInteractive(ctx)) return askSecret(ctx, 'Passphrase: ');
  throw new CliError(
    ExitCode.auth,
    'this share is opened with a passphrase: pass --passphrase or set CLIPDOCK_PASSPHRASE',
  );
}

type ShareReader = (ctx: CliContext, link: ShareLink, options: GetOptions & OutputChoice) => Promise<void>;

const noKey = () =>
  new CliError(ExitCode.usage, 'this share is end-to-end encrypted: use its whole link, with the key after #');
const wrongKey = () => new CliError(ExitCode.auth, 'the key in the link does not open this share');
const wrongPassphrase = () => new CliError(ExitCode.auth, 'the passphrase does not open this share');

/**
 * The share's secret: the link's key, or one derived from the passphrase when the share has one,
 * checked against the share's key check (docs/encryption.md) before anything spends a view.
 */
async function shareSecret(
  ctx: CliContext,
  link: ShareLink,
  lock: E2eeLock | undefined,
  options: GetOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  let secret = link.secret;
  if (secret === null) {
    if (lock?.kdf === undefined) throw noKey();
    secret = await secretFromPassphrase(await sharePassphrase(ctx, options), lock.kdf);
  }
  if (await matchesLock(secret, lock)) return secret;
  throw link.secret === null ? wrongPassphrase() : wrongKey();
}

/** The text of a paste, opened with the share's secret when it is sealed. */
async function pasteText(secret: Uint8Array<ArrayBuffer> | null, view: PasteView): Promise<string> {
  if (view.e2ee !== true) return view.content;
  if (secret === null) throw noKey();
  return openPaste(secret, view.content).catch(() => {
    throw wrongKey();
  });
}

const readPaste: ShareReader = async (ctx, link, options) => {
  const api = apiClientFor(link.server, null);
  const params = { slug: link.slug };
  // Asked first, so a sealed paste read without its key spends no view.
  let view = await api.call(viewPaste, { params, query: { reveal: 'ask' }, signal: ctx.signal });
  const secret = view.e2ee === true ? await shareSecret(ctx, link, view.e2eeLock, options) : null;
  if (isRevealPending(view)) view = await api.call(viewPaste, { params, signal: ctx.signal });
  if (isLockedPaste(view)) {
    const password = await sharePassword(ctx, options);
    view = await api.call(unlockPaste, { params, body: { password }, signal: ctx.signal });
  }
  if (!('content' in view)) throw new CliError(ExitCode.unavailable, 'the server sent no text');
  const text = await pasteText(secret, view);
  const target = await chooseTarget(ctx, options, `${link.slug}.txt`, 'stdout');
  const saved = await saveTo(ctx, target, Buffer.from(text, 'utf8'), () => undefined);
  if (saved !== '-') ctx.stderr.write(`saved ${saved}\n`);
};

const readFileShare: ShareReader = async (ctx, link, options) => {
  const api = apiClientFor(link.server, null);
  const params = { slug: link.slug };
  let share = await api.call(getPublicFile, { params, signal: ctx.signal });
  const lock = share.e2ee === undefined ? undefined : share.e2ee === true ? share.e2eeLock : lockIn(share.e2ee);
  const secret = share.e2ee === undefined ? null : await shareSecret(ctx, link, lock, options);
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
  const header = share.e2ee;
  const sealed =
    header === undefined || secret === null
      ? null
      : await openFile(secret, header).catch(() => {
          throw wrongKey();
        });
  const name = sealed?.meta.name ?? share.filename;
  const target = await chooseTarget(ctx, options, name, 'file');
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
  const bar = target.kind === 'file' ? progressBar(ctx, name, sealed?.meta.size ?? share.size) : undefined;
  // Each record is checked before a byte of it is written; a damaged file leaves nothing behind.
  const body = sealed === null ? response.body : response.body.pipeThrough(openingStream(sealed.recordKey));
  const saved = await saveTo(ctx, target, chunksOf(body), (bytes) => bar?.update(bytes))
    .catch((error: unknown) => {
      if (error instanceof RecordError)
        throw new CliError(ExitCode.unavailable, `the encrypted file is ${error.reason}: nothing was saved`);
      throw error;
    })
    .finally(() => bar?.done());
  if (saved !== '-') ctx.stderr.write(`saved ${saved}\n`);
};

function lockIn(header: E2eeFileHeader): E2eeLock | undefined {
  if (header.check === undefined) return undefined;
  return header.kdf === undefined ? { check: header.check } : { check: header.check, kdf: header.kdf };
}

const readers: Record<ShareKind, ShareReader> = { paste: readPaste, file: readFileShare };

export function getCommand(ctx: CliContext): Command {
  return new Command('get')
    .summary('download a paste or a shared file from its link')
    .description(
      "Download the share at LINK: a paste's text (to standard output unless -o), a file under its own name in this folder (unless -o).",
    )
    .argument('<link>', 'the share link, https://…/paste/<slug> or https://…/file/<slug>')
    .option('-p, --password <password>', 'the share’s password (else CLIPDOCK_PASSWORD, else asked on a terminal)')
    .option(
      '--passphrase <passphrase>',
      'a passphrase share’s passphrase (else CLIPDOCK_PASSPHRASE, else asked on a terminal)',
    )
    .option('-o, --output <path>', 'write to this file or folder; - for standard output')
    .option('--force', 'replace an existing file')
    .action(async (text: string, raw: unknown) => {
      const link = parseShareLink(text);
      await readers[link.kind](ctx, link, z.parse(getOptionsSchema, raw));
    });
}
