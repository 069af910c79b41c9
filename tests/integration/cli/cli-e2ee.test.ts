// `clipdock get` on end-to-end encrypted shares (docs/encryption.md), the real bundle against the
// real server: the key comes from the link's fragment only; a paste or file opens with it, a link
// without it is refused before any view is spent, a wrong key says so, and a damaged file leaves
// nothing on disk.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { commitResponseSchema, presignResponseSchema } from '@shared/api/upload.schema';
import { fragmentFor, newSecret } from '@shared/e2ee/keys';
import { sealRecords } from '@shared/e2ee/records';
import { sealFile, sealPaste } from '@shared/e2ee/share';
import { type Kdf, lockFor, newKdf } from '@shared/e2ee/lock';
import { secretFromPassphrase } from '@shared/e2ee/passphrase';
import { createPaste, viewsOf } from '@tests/integration/pastes/paste-helpers';
import { putTo, startHarness, type Harness } from '@tests/integration/storage/storage-harness';
import { expectOk } from '@tests/integration/support/http';
import { clipdock, makeHome } from './cli-runner';

describe('clipdock get on end-to-end encrypted shares', () => {
  let h: Harness;
  let reader: Awaited<ReturnType<typeof makeHome>>;
  beforeAll(async () => {
    h = await startHarness('local');
    reader = await makeHome();
  });
  afterAll(async () => {
    await reader.remove();
    await h.close();
  });

  /** A file sealed here and sent as the browser would: presign with its header, PUT the records, commit. */
  async function sealedShare(
    name: string,
    plain: Uint8Array<ArrayBuffer>,
    damage = false,
    secret = newSecret(),
    kdf: Kdf | undefined = undefined,
  ) {
    const meta = { name, type: 'text/plain', size: plain.byteLength };
    const { header, recordKey } = await sealFile(secret, meta, kdf);
    const records = await sealRecords(recordKey, 0, plain, true);
    if (damage) records[5] = (records[5] ?? 0) ^ 1;
    const signed = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(presignUpload, {
        body: { s3_config_id: h.configId, filename: name, mimetype: 'text/plain', size: records.length, e2ee: header },
      }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, records, signed.contentType);
    const share = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(commitUpload, {
        body: { file_id: signed.file_id, etag: put.etag, size: records.length },
      }),
      commitResponseSchema,
    );
    return { link: `${h.server.baseUrl}/file/${share.slug}`, fragment: fragmentFor(secret) };
  }

  it('opens a sealed paste with the key in its link, and spends no view without it', async () => {
    const secret = newSecret();
    const text = 'sealed words for the terminal\n';
    const { slug } = await createPaste(
      h.server.baseUrl,
      { content: await sealPaste(secret, text), e2ee: true, maxViews: 3 },
      { token: h.token },
    );
    const link = `${h.server.baseUrl}/paste/${slug}`;
    const refused = await clipdock(['get', link], { home: reader.home });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('end-to-end encrypted');
    expect(await viewsOf(h.server.db, slug)).toBe(0);
    const wrong = await clipdock(['get', `${link}${fragmentFor(newSecret())}`], { home: reader.home });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('does not open');
    const got = await clipdock(['get', `${link}${fragmentFor(secret)}`], { home: reader.home });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(text);
  });

  it('saves a sealed file under its real name, opened, and keeps nothing of a damaged one', async () => {
    const plain = new TextEncoder().encode('row,value\nalpha,42\n'.repeat(10_000));
    const { link, fragment } = await sealedShare('figures.csv', plain);
    const refused = await clipdock(['get', link], { home: reader.home });
    expect(refused.code).toBe(1);
    const got = await clipdock(['get', `${link}${fragment}`], { home: reader.home });
    expect(got.code, got.stderr).toBe(0);
    expect(await readFile(join(reader.home, 'figures.csv'))).toEqual(Buffer.from(plain));

    const damaged = await sealedShare('broken.csv', plain, true);
    const failed = await clipdock(['get', `${damaged.link}${damaged.fragment}`], { home: reader.home });
    expect(failed.code).toBe(5);
    expect(failed.stderr).toContain('the encrypted file is damaged');
    expect((await readdir(reader.home)).filter((entry) => entry.includes('broken'))).toEqual([]);
  });

  /** The cheapest parameters a reader accepts: the test is about the passphrase's path, not its cost. */
  const cheapKdf = () => newKdf({ memory: 8192, iterations: 1, parallelism: 1 });

  it('opens a passphrase paste with --passphrase or CLIPDOCK_PASSPHRASE, and a wrong one spends no view', async () => {
    const kdf = cheapKdf();
    const secret = await secretFromPassphrase('plum orchard at dusk', kdf);
    const text = 'sealed with a passphrase\n';
    const { slug } = await createPaste(
      h.server.baseUrl,
      { content: await sealPaste(secret, text), e2ee: true, e2eeLock: await lockFor(secret, kdf), maxViews: 1 },
      { token: h.token },
    );
    const link = `${h.server.baseUrl}/paste/${slug}`;
    const none = await clipdock(['get', link], { home: reader.home });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--passphrase');
    const wrong = await clipdock(['get', link, '--passphrase', 'plum orchard at dawn'], { home: reader.home });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('the passphrase does not open this share');
    const wrongKey = await clipdock(['get', `${link}${fragmentFor(newSecret())}`], { home: reader.home });
    expect(wrongKey.code).toBe(2);
    expect(await viewsOf(h.server.db, slug)).toBe(0);
    const got = await clipdock(['get', link], {
      home: reader.home,
      env: { CLIPDOCK_PASSPHRASE: 'plum orchard at dusk' },
    });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(text);
  });

  it('saves a passphrase file opened with --passphrase', async () => {
    const kdf = cheapKdf();
    const secret = await secretFromPassphrase('plum orchard at dusk', kdf);
    const plain = new TextEncoder().encode('a,b\n1,2\n'.repeat(5000));
    const { link } = await sealedShare('passphrase.csv', plain, false, secret, kdf);
    const wrong = await clipdock(['get', link, '--passphrase', 'nope nope nope'], { home: reader.home });
    expect(wrong.code).toBe(2);
    const got = await clipdock(['get', link, '--passphrase', 'plum orchard at dusk'], { home: reader.home });
    expect(got.code, got.stderr).toBe(0);
    expect(await readFile(join(reader.home, 'passphrase.csv'))).toEqual(Buffer.from(plain));
  });
});
