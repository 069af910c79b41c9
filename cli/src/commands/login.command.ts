// `clipdock login [SERVER]` and `clipdock logout`: one stored sign-in, an API key or an admin
// session (the token the login answers; the password is never stored).
import { Command } from 'commander';
import * as z from 'zod/mini';
import { adminLogin, adminLogout, checkApiKey } from '@shared/api/auth.endpoints';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { askLine, askSecret, isInteractive, readStdinLine } from '@cli/output/prompt';
import { apiClientFor, credentialsOf } from '@cli/session/api-session';
import {
  forgetCredential,
  readCredential,
  storeCredential,
  type StoredCredential,
} from '@cli/session/credentials-store';
import { canonicalServer } from '@cli/session/server-address';

const loginOptionsSchema = z.object({ username: z.optional(z.string()), key: z.optional(z.boolean()) });

async function secret(ctx: CliContext, question: string): Promise<string> {
  const value = isInteractive(ctx) ? await askSecret(ctx, question) : await readStdinLine(ctx);
  if (value === '') throw new CliError(ExitCode.usage, `no ${question.replace(/:\s*$/, '').toLowerCase()} given`);
  return value;
}

async function signIn(ctx: CliContext, server: string, options: z.infer<typeof loginOptionsSchema>) {
  const api = apiClientFor(server, null);
  let username = options.username;
  if (options.key !== true && username === undefined) {
    if (!isInteractive(ctx))
      throw new CliError(
        ExitCode.usage,
        'not on a terminal: say --key or --username NAME (the secret is read from stdin)',
      );
    username = await askLine(ctx, 'Admin username (leave empty to sign in with an API key): ');
  }
  if (username === undefined || username === '') {
    const fromEnv = ctx.env.CLIPDOCK_KEY?.trim();
    const key = fromEnv !== undefined && fromEnv !== '' ? fromEnv : await secret(ctx, 'API key: ');
    const check = await api.call(checkApiKey, { credentials: { scheme: 'apikey', key }, signal: ctx.signal });
    const rights = (['text', 'file', 'mount'] as const).filter((right) => check.permissions[right]);
    const stored: StoredCredential = { kind: 'apikey', server, name: check.name, key };
    const detail = `${rights.join(', ') || 'no permissions'}; base path ${check.basic_path}${check.key_info.read_only ? '; read-only' : ''}`;
    return { stored, line: `signed in to ${server} with the API key “${check.name}” (${detail})` };
  }
  const password = await secret(ctx, 'Password: ');
  const session = await api.call(adminLogin, { body: { username, password }, signal: ctx.signal });
  const stored: StoredCredential = {
    kind: 'admin',
    server,
    username: session.username,
    token: session.token,
    expiresAt: session.expiresAt,
  };
  return { stored, line: `signed in to ${server} as ${session.username} until ${session.expiresAt}` };
}

export function loginCommand(ctx: CliContext): Command {
  return new Command('login')
    .summary('sign in to a server and remember it')
    .description(
      'Sign in to SERVER (else CLIPDOCK_URL, else asked) with an API key or as the admin, and keep the key or the admin session (never the password) in the config folder, readable by you alone. Off a terminal the secret is read from the first line of standard input.',
    )
    .argument('[server]', 'the server address, such as https://clip.example.com')
    .option('-u, --username <name>', 'sign in as the admin with this name (asks for the password)')
    .option('-k, --key', 'sign in with an API key (asks for it, or takes CLIPDOCK_KEY)')
    .action(async (given: string | undefined, raw: unknown) => {
      const options = z.parse(loginOptionsSchema, raw);
      if (options.key === true && options.username !== undefined)
        throw new CliError(ExitCode.usage, 'choose --key or --username, not both');
      let address = given ?? ctx.env.CLIPDOCK_URL;
      if (address === undefined || address.trim() === '') {
        if (!isInteractive(ctx)) throw new CliError(ExitCode.usage, 'say which server: clipdock login <server>');
        address = await askLine(ctx, 'Server address: ');
      }
      const { stored, line } = await signIn(ctx, canonicalServer(address), options);
      const path = await storeCredential(ctx.env, stored);
      ctx.stderr.write(`${line}\nsaved in ${path}\n`);
    });
}

export function logoutCommand(ctx: CliContext): Command {
  return new Command('logout')
    .summary('forget the stored sign-in')
    .description('End the stored admin session on its server and forget the stored sign-in (a key stays valid).')
    .action(async () => {
      const stored = await readCredential(ctx.env);
      if (stored === undefined) return;
      if (stored.kind === 'admin')
        await apiClientFor(stored.server, credentialsOf(stored))
          .call(adminLogout, { signal: ctx.signal })
          .catch(() => undefined);
      await forgetCredential(ctx.env);
      ctx.stderr.write(`signed out of ${stored.server}\n`);
    });
}
