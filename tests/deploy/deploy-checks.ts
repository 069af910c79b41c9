// What the deploy test asks of a running Clipdock, over real HTTP through the endpoint
// definitions the app itself uses: health, the admin login, a paste written and read, a file
// uploaded (presign → PUT to the upload link → commit) and downloaded.
import { randomBytes } from 'node:crypto';
import { adminLogin } from '@shared/api/auth.endpoints';
import { downloadFile } from '@shared/api/file.endpoints';
import { createPaste, viewPaste } from '@shared/api/paste.endpoints';
import { getHealth } from '@shared/api/system.endpoints';
import { commitUpload, presignUpload } from '@shared/api/upload.endpoints';
import { createApiClient, type ApiClient } from '@shared/http/api-client';

export type Admin = { username: string; password: string };

export function apiOf(origin: string, token?: string): ApiClient {
  return createApiClient({
    baseUrl: () => `${origin}/api`,
    getCredentials: () => (token === undefined ? null : { scheme: 'admin', token }),
    onAuthExpired: () => undefined,
  });
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** Polls /api/health until it answers ok (the database included), up to `timeoutMs`. */
export async function waitHealthy(origin: string, timeoutMs: number): Promise<void> {
  const api = apiOf(origin);
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const health = await api.call(getHealth, { timeoutMs: 5_000 });
      if (health.status === 'ok' && health.database === 'ok') return;
      last = JSON.stringify(health);
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${origin}/api/health did not answer ok within ${timeoutMs} ms (last: ${last})`);
}

export async function login(origin: string, admin: Admin): Promise<string> {
  return (await apiOf(origin).call(adminLogin, { body: admin })).token;
}

export async function writePaste(origin: string, token: string, content: string): Promise<string> {
  return (await apiOf(origin, token).call(createPaste, { body: { content, format: 'plain' } })).slug;
}

export async function readPaste(origin: string, slug: string): Promise<string | undefined> {
  const view = await apiOf(origin).call(viewPaste, { params: { slug } });
  return 'content' in view ? view.content : undefined;
}

export type Uploaded = { slug: string; uploadUrl: string; bytes: Buffer };

/** presign → PUT the bytes to the upload link (the bucket, or the local driver's signed link) → commit. */
export async function uploadFile(origin: string, token: string, filename: string, size: number): Promise<Uploaded> {
  const api = apiOf(origin, token);
  const bytes = randomBytes(size);
  const signed = await api.call(presignUpload, {
    body: { filename, mimetype: 'application/octet-stream', size: bytes.length },
  });
  const put = await fetch(signed.upload_url, {
    method: 'PUT',
    headers: { 'content-type': signed.contentType },
    body: new Uint8Array(bytes),
  });
  const answer = await put.text();
  check(put.ok, `PUT ${signed.upload_url} answered ${put.status} ${answer.slice(0, 300)}`);
  const etag = put.headers.get('etag');
  check(etag !== null, `PUT ${signed.upload_url} answered no ETag`);
  const committed = await api.call(commitUpload, { body: { file_id: signed.file_id, etag, size: bytes.length } });
  return { slug: committed.slug, uploadUrl: signed.upload_url, bytes };
}

/** GET the file's download link (following a redirect to the bucket) and compare the bytes. */
export async function checkDownload(origin: string, file: Uploaded): Promise<void> {
  const url = apiOf(origin).url(downloadFile, { params: { slug: file.slug } });
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  check(response.ok, `GET ${url} answered ${response.status} ${body.toString('utf8').slice(0, 300)}`);
  check(
    body.equals(file.bytes),
    `GET ${url} returned ${body.length} bytes that differ from the ${file.bytes.length} uploaded`,
  );
}
