// A server's address as the user gives it (`https://clip.example`, with or without a trailing
// slash or /api) in one canonical form: scheme, host, port and any path prefix, no trailing slash.
import { CliError, ExitCode } from '@cli/output/exit-codes';

export function canonicalServer(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new CliError(ExitCode.usage, `not a server address: ${input} (expected http:// or https://…)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(ExitCode.usage, `not a server address: ${input} (expected http:// or https://…)`);
  if (url.username !== '' || url.password !== '')
    throw new CliError(ExitCode.usage, 'put no credentials in the server address; `clipdock login` asks for them');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${url.origin}${path}`;
}

/** The API's base under a canonical server address. */
export function apiBase(server: string): string {
  return `${server}/api`;
}

/** A link the server answered, origin-relative or absolute, made absolute. */
export function absoluteLink(server: string, link: string): string {
  return new URL(link, `${server}/`).toString();
}
