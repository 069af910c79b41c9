// `clipdock paste [FILE|-]`: a text share from a file or standard input; prints its link.
import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import * as z from 'zod/mini';
import { createPaste } from '@shared/api/paste.endpoints';
import { pasteFormats } from '@shared/api/paste.schema';
import { randomUuid } from '@shared/random-uuid';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { readAllStdin } from '@cli/output/prompt';
import { openSession } from '@cli/session/api-session';
import { addShareOptions, parseExpiry, shareOptionsSchema } from './share-options';

const pasteOptionsSchema = z.extend(shareOptionsSchema, { format: z.optional(z.enum(pasteFormats)) });

async function readContent(ctx: CliContext, file: string | undefined): Promise<string> {
  if (file === undefined || file === '-') {
    if (ctx.stdin.isTTY === true) ctx.stderr.write('Type or paste the text, then Ctrl-D on a line of its own.\n');
    return (await readAllStdin(ctx)).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(ExitCode.usage, `cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  }
}

export function pasteCommand(ctx: CliContext): Command {
  const command = new Command('paste')
    .summary('share text from a file or standard input')
    .description('Share text from FILE, or from standard input when FILE is - or left out, and print its link.')
    .argument('[file]', 'the text file; - or nothing reads standard input');
  addShareOptions(command).addOption(
    new Option('-f, --format <format>', 'how the paste is shown (default markdown)').choices(pasteFormats),
  );
  return command.action(async (file: string | undefined, raw: unknown) => {
    const options = z.parse(pasteOptionsSchema, raw);
    const expiresAt = parseExpiry(options.expires, Date.now());
    const content = await readContent(ctx, file);
    if (content.trim() === '') throw new CliError(ExitCode.usage, 'nothing to paste: the text is empty');
    const { api } = await openSession(ctx.env, { signedIn: false });
    const result = await api.call(createPaste, {
      body: {
        content,
        format: options.format,
        password: options.password,
        expiresAt: expiresAt?.toISOString(),
        maxViews: options.maxViews,
        slug: options.slug,
        remark: options.remark,
      },
      headers: { 'Idempotency-Key': randomUuid() },
      signal: ctx.signal,
    });
    ctx.stdout.write(options.json === true ? `${JSON.stringify(result, null, 2)}\n` : `${result.url}\n`);
  });
}
