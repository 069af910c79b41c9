// The ShareX profile's request replayed as ShareX sends it (its multipart body: the profile's
// arguments, then the file under the profile's field name; the profile's headers and method), on
// both drivers: the answer is the share link alone, and the link gives the file back. Without
// `Accept: text/plain` the same upload still answers the JSON envelope.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDefaultStorageConfig } from '@shared/api/storage-config.endpoints';
import { formUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { commitResponseSchema } from '@shared/api/upload.schema';
import { FILE_FORM_NAME, sharexProfile, type SharexProfile } from '@shared/tool-profiles';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { download, drivers, sha256, startHarness, type Harness } from '@tests/integration/storage/storage-harness';
import { z } from 'zod';

/** ShareX's form writer: CRLF lines, a boundary of dashes and the time in hex, arguments first. */
function sharexBody(
  profile: SharexProfile,
  fileName: string,
  type: string,
  bytes: Buffer,
  args: Record<string, string>,
) {
  const boundary = `--------------------${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(args))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${profile.FileFormName}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(drivers)('the ShareX profile on the %s driver', (name) => {
  let h: Harness;
  let apiKey: string;
  beforeAll(async () => {
    h = await startHarness(name);
    if (name === 's3')
      expectOk(
        await testApi(h.server.baseUrl, asAdmin(h.token)).send(setDefaultStorageConfig, { params: { id: h.configId } }),
        z.unknown(),
      );
    apiKey = (await insertApiKey(h.server.db, { name: 'sharex', file_permission: 1 })).key;
  });
  afterAll(() => h.close());

  const profileFor = () =>
    sharexProfile({ uploadUrl: testApi(h.server.baseUrl).url(formUpload, {}), apiKey, name: 'Clipdock' });

  it('answers the request ShareX sends with the link alone, and the link serves the file', async () => {
    const profile = profileFor();
    expect(profile.FileFormName).toBe(FILE_FORM_NAME);
    const bytes = randomBytes(40_000);
    const { body, contentType } = sharexBody(profile, 'Screenshot_2026-11-28.png', 'image/png', bytes, {});
    const response = await fetch(profile.RequestURL, {
      method: profile.RequestMethod,
      headers: { ...profile.Headers, 'Content-Type': contentType, 'User-Agent': 'ShareX/17.0.0' },
      body,
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const link = profile.URL.replace('{response}', text).trim();
    const slug = new RegExp(`^${h.server.baseUrl}/file/([A-Za-z0-9]+)$`).exec(link)?.[1] ?? '';
    expect(slug).not.toBe('');
    const got = await download(h, slug);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
  });

  it('keeps the JSON envelope for callers that do not ask for text', async () => {
    const { body, contentType } = sharexBody(profileFor(), 'note.txt', 'text/plain', Buffer.from('hi'), {
      remark: 'json please',
    });
    // raw: the exact body and headers the share profile makes a screenshot tool send
    const response = await fetch(`${h.server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${apiKey}`, 'Content-Type': contentType },
      body,
    });
    const text = await response.text();
    const share = expectOk(
      { status: response.status, headers: response.headers, text, body: JSON.parse(text) },
      commitResponseSchema,
      201,
    );
    expect(share).toMatchObject({ filename: 'note.txt', remark: 'json please', url: `/file/${share.slug}` });
  });
});
