// WebDAV over real HTTP: requests to /dav with Basic, Bearer or ApiKey credentials, and the
// external clients (litmus, rclone) run as child processes against the test server.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { testAdmin } from '@tests/integration/support/test-server';

export type DavAuth = { basic: [string, string] } | { bearer: string } | { apiKey: string } | null;
export type DavResult = { status: number; headers: Headers; text: string };

export const adminBasic: DavAuth = { basic: [testAdmin.username, testAdmin.password] };
export const keyBasic = (key: string): DavAuth => ({ basic: [key, key] });

export function authorization(auth: DavAuth): Record<string, string> {
  if (auth === null) return {};
  if ('basic' in auth)
    return { authorization: `Basic ${Buffer.from(`${auth.basic[0]}:${auth.basic[1]}`).toString('base64')}` };
  if ('bearer' in auth) return { authorization: `Bearer ${auth.bearer}` };
  return { authorization: `ApiKey ${auth.apiKey}` };
}

/** One request to `baseUrl + path` (path starts with /dav). */
export async function dav(
  baseUrl: string,
  method: string,
  path: string,
  auth: DavAuth,
  init: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<DavResult> {
  const body = init.body === undefined || typeof init.body === 'string' ? init.body : new Uint8Array(init.body);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...authorization(auth), ...init.headers },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export const propfindBody = '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';

/** The hrefs of a multistatus answer, decoded. */
export function hrefsOf(xml: string): string[] {
  return [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((match) => decodeURIComponent(match[1] ?? ''));
}

export type Run = { code: number | null; stdout: string; stderr: string };

/** Runs a command to its end, collecting its output (the test's own timeout bounds it). */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A request whose path goes on the wire exactly as written (fetch would resolve `..` and `%2e%2e` first). */
export function rawDav(baseUrl: string, method: string, rawPath: string, auth: DavAuth): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path: rawPath, headers: authorization(auth) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

export const litmusSuites = ['basic', 'copymove', 'props', 'locks', 'http'];
export type LitmusSummary = { suite: string; run: number; passed: number; failed: number };

/** Runs litmus against `url` (a collection) with the admin's credentials; litmus writes its debug log into `cwd`. */
export async function runLitmus(
  url: string,
  cwd: string,
): Promise<{ summaries: LitmusSummary[]; output: string; code: number | null }> {
  const result = await run('litmus', ['-k', url, testAdmin.username, testAdmin.password], {
    cwd,
    env: { TESTS: litmusSuites.join(' ') },
  });
  const summaries = [
    ...result.stdout.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g),
  ].map((m) => ({
    suite: m[1] ?? '',
    run: Number(m[2]),
    passed: Number(m[3]),
    failed: Number(m[4]),
  }));
  return { summaries, output: result.stdout + result.stderr, code: result.code };
}
