// The real `clipdock` bundle as a child process against the real server: sign-in with both kinds
// of credentials, pastes from standard input and from a file with every option, a protected
// paste read back with its password, and the exit codes a script relies on.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPasteEndpoints, rawPaste } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { pasteCreateResultSchema, pasteDetailSchema } from '@shared/api/paste.schema';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { startTestServer, testAdmin, type TestServer } from '@tests/integration/support/test-server';
import { freePort } from '@tests/support/free-port';
import { clipdock, makeHome } from './cli-runner';

const storedSchema = z.object({ kind: z.string(), server: z.string() }).catchall(z.unknown());

/** Each step starts a process, several per test: generous on a busy machine. */
describe('clipdock sign-in and pastes', { timeout: 120_000 }, () => {
  let server: TestServer;
  let token: string;
  let textKey: string;
  let home: Awaited<ReturnType<typeof makeHome>>;

  beforeAll(async () => {
    server = await startTestServer();
    token = (await login(server.baseUrl)).token;
    textKey = (await insertApiKey(server.db, { name: 'laptop', text_permission: 1 })).key;
    home = await makeHome();
  });
  afterAll(async () => {
    await home.remove();
    await server.close();
  });

  const asKey = () => ({ home: home.home, env: { CLIPDOCK_URL: server.baseUrl, CLIPDOCK_KEY: textKey } });
  const adminPaste = async (id: string) =>
    expectOk(
      await testApi(server.baseUrl, asAdmin(token)).send(adminPasteEndpoints.get, { params: { id } }),
      pasteDetailSchema,
    );

  it('answers --help as a process, with the exit codes', async () => {
    const top = await clipdock(['--help'], { home: home.home });
    expect(top.code, top.stderr).toBe(0);
    expect(top.stdout).toContain('Exit codes:');
    const upload = await clipdock(['upload', '--help'], { home: home.home });
    expect(upload.stdout).toContain('Usage: clipdock upload');
  });

  it('signs in with an API key from stdin and keeps it owner-only', async () => {
    const result = await clipdock(['login', `${server.baseUrl}/`, '--key'], { home: home.home, input: `${textKey}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('“laptop”');
    const file = join(home.configDir, 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(home.configDir)).mode & 0o777).toBe(0o700);
    const stored = storedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(stored).toMatchObject({ kind: 'apikey', server: server.baseUrl, key: textKey });

    const pasted = await clipdock(['paste'], { home: home.home, input: 'from the stored key\n' });
    expect(pasted.code, pasted.stderr).toBe(0);
    const slug = /\/paste\/([A-Za-z0-9]+)\n$/.exec(pasted.stdout)?.[1] ?? '';
    const raw = await testApi(server.baseUrl).send(rawPaste, { params: { slug } });
    expect(raw.text).toBe('from the stored key\n');
  });

  it('refuses a wrong key with exit 2 in the server’s words and stores nothing new', async () => {
    const other = await makeHome();
    const result = await clipdock(['login', server.baseUrl, '--key'], {
      home: other.home,
      input: 'not-a-key-at-all\n',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^clipdock: .*(key|API)/im);
    await expect(stat(join(other.configDir, 'credentials.json'))).rejects.toThrow();
    await other.remove();
  });

  it('signs in as the admin, storing the session token and never the password', async () => {
    const admin = await makeHome();
    const result = await clipdock(['login', server.baseUrl, '--username', testAdmin.username], {
      home: admin.home,
      input: `${testAdmin.password}\n`,
    });
    expect(result.code, result.stderr).toBe(0);
    const text = await readFile(join(admin.configDir, 'credentials.json'), 'utf8');
    expect(text).not.toContain(testAdmin.password);
    expect(storedSchema.parse(JSON.parse(text))).toMatchObject({ kind: 'admin', username: testAdmin.username });
    const listing = await clipdock(['ls', '/'], { home: admin.home });
    expect(listing.code, listing.stderr).toBe(0);
    expect(listing.stdout).toContain('local/');

    const wrong = await clipdock(['login', server.baseUrl, '-u', testAdmin.username], {
      home: admin.home,
      input: 'nope\n',
    });
    expect(wrong.code).toBe(2);
    await admin.remove();
  });

  it('pastes a file with every option and prints the whole answer with --json', async () => {
    const file = join(home.home, 'notes.txt');
    await writeFile(file, 'plain words\n  indented\n');
    const before = Date.now();
    const result = await clipdock(
      [
        'paste',
        file,
        '--password',
        'open sesame',
        '--expires',
        '2h',
        '--max-views',
        '3',
        '--slug',
        'cli-notes',
        '--remark',
        'from the terminal',
        '--format',
        'plain',
        '--json',
      ],
      asKey(),
    );
    expect(result.code, result.stderr).toBe(0);
    const created = pasteCreateResultSchema.parse(JSON.parse(result.stdout));
    expect(created).toMatchObject({ slug: 'cli-notes', format: 'plain', hasPassword: true, maxViews: 3 });
    expect(created.url).toBe(`${server.baseUrl}/paste/cli-notes`);
    const expires = Date.parse(created.expiresAt ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000 + 1_000);
    const stored = await adminPaste(created.id);
    expect(stored).toMatchObject({ remark: 'from the terminal', content: 'plain words\n  indented\n', views: 0 });

    const taken = await clipdock(['paste', file, '--slug', 'cli-notes'], asKey());
    expect(taken.code).toBe(4);
    expect(taken.stderr).toMatch(/slug/i);
  });

  it('reads a protected paste back: the password from --password or CLIPDOCK_PASSWORD, exit 2 without', async () => {
    const made = await clipdock(['paste', '-', '--password', 's3cret', '--slug', 'cli-locked'], {
      ...asKey(),
      input: '# locked\n',
    });
    expect(made.code, made.stderr).toBe(0);
    const link = made.stdout.trim();
    const reader = await makeHome();
    const without = await clipdock(['get', link], { home: reader.home });
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('--password');
    const wrong = await clipdock(['get', link, '--password', 'guess'], { home: reader.home });
    expect(wrong.code).toBe(2);
    const right = await clipdock(['get', link, '--password', 's3cret'], { home: reader.home });
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toBe('# locked\n');
    const fromEnv = await clipdock(['get', link], { home: reader.home, env: { CLIPDOCK_PASSWORD: 's3cret' } });
    expect(fromEnv.stdout).toBe('# locked\n');
    // The password went in request bodies only: the request log has no query string carrying it.
    expect(JSON.stringify(server.logs)).not.toContain('s3cret');
    await reader.remove();
  });

  it('exits 2 when signed in nowhere, 3 for a paste that is not there, 5 when the server is unreachable', async () => {
    const nobody = await makeHome();
    const unsigned = await clipdock(['ls'], { home: nobody.home });
    expect(unsigned.code).toBe(2);
    const missing = await clipdock(['get', `${server.baseUrl}/paste/no-such-paste`], { home: nobody.home });
    expect(missing.code).toBe(3);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await clipdock(['paste'], { home: nobody.home, env: { CLIPDOCK_URL: closed }, input: 'x' });
    expect(unreachable.code).toBe(5);
    const usage = await clipdock(['paste', '--max-views', 'many'], { home: nobody.home });
    expect(usage.code).toBe(1);
    await nobody.remove();
  });
});
