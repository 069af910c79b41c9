// The options pastes and file shares have in common, parsed once: password, expiry, view limit,
// link name, remark, and --json for the whole answer.
import { type Command, InvalidArgumentError } from 'commander';
import * as z from 'zod/mini';
import { MAX_TIMESTAMP_MS } from '@shared/time';

const HOUR_MS = 3_600_000;
const unitMs: Record<string, number> = { m: 60_000, h: HOUR_MS, d: 24 * HOUR_MS, w: 7 * 24 * HOUR_MS };

export const shareOptionsSchema = z.object({
  password: z.optional(z.string()),
  expires: z.optional(z.string()),
  maxViews: z.optional(z.number()),
  slug: z.optional(z.string()),
  remark: z.optional(z.string()),
  json: z.optional(z.boolean()),
});
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

/** A whole number ≥ 0, for commander. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number (0 or more)');
  return Number(value.trim());
}

/** A whole number ≥ 1, for commander. */
export function parsePositive(value: string): number {
  const count = parseCount(value);
  if (count < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return count;
}

/**
 * When a share expires: `never` (or nothing) is undefined; `30m`, `12h`, `7d`, `2w` or a number of
 * hours count from `now`; anything else must be an ISO-8601 date-time.
 */
export function parseExpiry(text: string | undefined, now: number): Date | undefined {
  if (text === undefined || text.trim().toLowerCase() === 'never') return undefined;
  const value = text.trim();
  const relative = /^(\d+)\s*([mhdw]?)$/i.exec(value);
  let at: number;
  if (relative !== null) {
    const [, amount = '0', unit = ''] = relative;
    at = now + Number(amount) * (unitMs[unit.toLowerCase()] ?? HOUR_MS);
    if (at <= now) throw new InvalidArgumentError('--expires must lie in the future');
  } else {
    at = /\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at))
      throw new InvalidArgumentError(
        `--expires: "${value}" is neither a duration (30m, 12h, 7d, 2w) nor an ISO date-time nor "never"`,
      );
    if (at <= now) throw new InvalidArgumentError('--expires must lie in the future');
  }
  if (at > MAX_TIMESTAMP_MS) throw new InvalidArgumentError('--expires lies too far ahead');
  return new Date(at);
}

/** A file share's lifetime in whole hours (the upload calls take hours), rounded up. */
export function expiresInHours(at: Date | undefined, now: number): number | undefined {
  return at === undefined ? undefined : Math.max(1, Math.ceil((at.getTime() - now) / HOUR_MS));
}

export function addShareOptions(command: Command): Command {
  return command
    .option('-p, --password <password>', 'protect the share with a password')
    .option(
      '-e, --expires <when>',
      'expire after 30m, 12h, 7d or 2w (a number alone is hours), at an ISO date-time, or never',
    )
    .option('-m, --max-views <n>', 'delete the share after this many views (0: no limit)', parseCount)
    .option('--slug <slug>', 'the link name, instead of a random one')
    .option('--remark <text>', 'a note shown with the share')
    .option('--json', 'print the whole answer as JSON instead of the link');
}
