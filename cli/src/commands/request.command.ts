// `clipdock request PATH --title …`: a file request on a folder of the mounts, which anyone with its
// link may upload into within its limits (and see nothing else); prints the link.
import { Command, InvalidArgumentError } from 'commander';
import * as z from 'zod/mini';
import { createFileRequest } from '@shared/api/file-request.endpoints';
import type { CliContext } from '@cli/context';
import { openSession } from '@cli/session/api-session';
import { serverPath } from './mount-paths';
import { parseExpiry, parsePositive } from './share-options';

const unitBytes: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** `500M`, `2G`, `1.5T`, `4096` (bytes): powers of 1024, for commander. */
export function parseSize(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([bkmgt]?)(?:i?b)?$/i.exec(value.trim());
  const bytes = match === null ? Number.NaN : Number(match[1]) * (unitBytes[(match[2] ?? '').toLowerCase()] ?? 1);
  if (!Number.isFinite(bytes) || bytes < 1)
    throw new InvalidArgumentError('expected a size such as 500M, 2G or a number of bytes');
  return Math.floor(bytes);
}

const requestOptionsSchema = z.object({
  title: z.string(),
  message: z.optional(z.string()),
  expires: z.optional(z.string()),
  maxFiles: z.optional(z.number()),
  maxTotal: z.optional(z.number()),
  maxFile: z.optional(z.number()),
  types: z.optional(z.string()),
  password: z.optional(z.string()),
  requireName: z.optional(z.boolean()),
  slug: z.optional(z.string()),
  webhook: z.optional(z.string()),
  json: z.optional(z.boolean()),
});

export function requestCommand(ctx: CliContext): Command {
  return new Command('request')
    .summary('ask for files: an upload-only link to a folder of the mounts')
    .description(
      'Make a file request on the folder PATH of the mounts and print its link: anyone with it may upload into the folder, within the limits, and sees nothing of what is there.',
    )
    .argument('<path>', 'the folder, such as /local/inbox')
    .requiredOption('-t, --title <title>', 'what the upload page is titled')
    .option('-m, --message <text>', 'a message shown to uploaders')
    .option('-e, --expires <when>', 'when it closes: 30m, 12h, 7d, 2w, a number of hours, an ISO date-time or never')
    .option('--max-files <n>', 'at most this many files', parsePositive)
    .option('--max-total <size>', 'at most this much in all (500M, 2G, …)', parseSize)
    .option('--max-file <size>', 'at most this much per file (500M, 2G, …)', parseSize)
    .option('--types <list>', 'only these types, comma-separated: extensions (.pdf), MIME families (image/*) or types')
    .option('-p, --password <password>', 'uploaders must give this password first')
    .option('--require-name', 'uploaders must give their name')
    .option('-s, --slug <slug>', 'the link’s own suffix (/request/<slug>)')
    .option('--webhook <url>', 'a URL told (signed, small JSON) when a batch of files has arrived')
    .option('--json', 'print the whole answer (with the webhook’s signing key) as JSON')
    .action(async (path: string, raw: unknown) => {
      const options = z.parse(requestOptionsSchema, raw);
      const expiresAt = parseExpiry(options.expires, Date.now());
      const types = options.types
        ?.split(',')
        .map((type) => type.trim())
        .filter((type) => type !== '');
      const { api } = await openSession(ctx.env, { signedIn: true });
      const request = await api.call(createFileRequest, {
        body: {
          path: serverPath(path),
          title: options.title,
          message: options.message,
          expires_at: expiresAt?.toISOString(),
          max_files: options.maxFiles,
          max_total_bytes: options.maxTotal,
          max_file_bytes: options.maxFile,
          allowed_types: types,
          password: options.password,
          require_name: options.requireName,
          slug: options.slug,
          webhook_url: options.webhook,
        },
        signal: ctx.signal,
      });
      if (options.json === true) {
        ctx.stdout.write(`${JSON.stringify(request, null, 2)}\n`);
        return;
      }
      ctx.stdout.write(`${request.url}\n`);
      if (request.webhook_secret !== null)
        ctx.stderr.write(`webhook signing key (X-Clipdock-Signature): ${request.webhook_secret}\n`);
    });
}
