import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminLogin } from '@shared/api/auth.endpoints';
import { testApi } from '@tests/integration/support/api';
import { ErrorCode } from '@shared/errors';
import { login } from './support/auth-helpers';
import { expectError } from './support/http';
import { startTestServer } from './support/test-server';

const printedPassword = /^ {2}password: ([A-Za-z0-9]{20})$/m;
const passwordOf = (printed: string[]) => printedPassword.exec(printed.join(''))?.[1] ?? '';

describe('first start', () => {
  it('creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD without logging the password', async () => {
    const server = await startTestServer({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner password 1' } });
    try {
      await login(server.baseUrl, 'owner', 'owner password 1');
      expectError(
        await testApi(server.baseUrl).send(adminLogin, { body: { username: 'admin', password: 'admin123' } }),
        401,
        ErrorCode.InvalidCredentials,
      );
      expect(JSON.stringify(server.logs)).not.toContain('owner password 1');
    } finally {
      await server.close();
    }
  });

  it('otherwise creates `admin` with a random password printed once on a line of its own, never in the log', async () => {
    const server = await startTestServer({ env: { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined } });
    expect(server.printed).toHaveLength(1);
    expect(server.printed[0]).toContain('  username: admin\n');
    const password = passwordOf(server.printed);
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(JSON.stringify(server.logs)).not.toContain(password);
    const announced = server.logs.filter((l) => l.msg.includes('generated password'));
    expect(announced).toHaveLength(1);
    expect(announced[0]?.level).toBe('warn');
    await login(server.baseUrl, 'admin', password);
    await server.close({ keepData: true });

    const restarted = await startTestServer({
      dataDir: server.dataDir,
      env: { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined },
    });
    try {
      expect(restarted.printed).toEqual([]);
      expect(restarted.logs.some((l) => l.msg.includes('generated password'))).toBe(false);
      await login(restarted.baseUrl, 'admin', password);
    } finally {
      await restarted.close();
    }
  });

  it('generates two different random passwords on two fresh installs', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const server = await startTestServer({ env: { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined } });
      passwords.push(passwordOf(server.printed));
      await server.close();
    }
    expect(passwords[0]).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('creates the data layout and a 0600 encryption key that survives a restart', async () => {
    const server = await startTestServer();
    const keyFile = join(server.dataDir, 'encryption.key');
    const firstKey = await readFile(keyFile, 'utf8');
    expect(firstKey.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(join(server.dataDir, 'blobs'))).isDirectory()).toBe(true);
    expect((await stat(join(server.dataDir, 'clipdock.sqlite'))).isFile()).toBe(true);
    await server.close({ keepData: true });

    const restarted = await startTestServer({ dataDir: server.dataDir });
    try {
      expect(await readFile(keyFile, 'utf8')).toBe(firstKey);
    } finally {
      await restarted.close();
    }
  });
});
