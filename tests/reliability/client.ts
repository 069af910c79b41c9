// The few calls the scenarios make, over fetch, each with a timeout. Answers come back as status
// and parsed body (the envelope's `data`, and for an error its code and message), never thrown:
// a refused connection is status 0 with the reason as message.
import { z } from 'zod';

export type Answer = { status: number; data: unknown; code?: string; message?: string };

export type CallOptions = {
  json?: unknown;
  form?: FormData;
  /** A raw body, sent as it is. */
  body?: string;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

const envelopeSchema = z.object({ message: z.string(), data: z.unknown(), success: z.boolean() });
const errorDataSchema = z.object({ error: z.string() });

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.form ?? options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) return { status: response.status, data: body, message: text.slice(0, 200) };
    if (envelope.data.success) return { status: response.status, data: envelope.data.data };
    const error = errorDataSchema.safeParse(envelope.data.data);
    return {
      status: response.status,
      data: envelope.data.data,
      code: error.success ? error.data.error : undefined,
      message: envelope.data.message,
    };
  } catch (error) {
    return { status: 0, data: undefined, message: error instanceof Error ? error.message : String(error) };
  }
}

export async function login(baseUrl: string, admin: { username: string; password: string }): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/admin/login', { json: admin });
  const parsed = z.object({ token: z.string() }).safeParse(answer.data);
  if (answer.status !== 200 || !parsed.success) throw new Error(`admin login: ${answer.status} ${answer.message}`);
  return parsed.data.token;
}

export const slugOf = (answer: Answer): string | undefined => {
  const parsed = z.object({ slug: z.string() }).safeParse(answer.data);
  return parsed.success ? parsed.data.slug : undefined;
};

export async function createPaste(
  baseUrl: string,
  token: string,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(baseUrl, 'POST', '/api/paste', { json, token, headers });
}

/** A file share uploaded as a multipart form, streamed by the instance into its default storage. */
export function uploadFile(
  baseUrl: string,
  token: string,
  bytes: Buffer<ArrayBuffer>,
  name: string,
  fields: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([bytes]), name);
  return call(baseUrl, 'POST', '/api/upload', { form, token, timeoutMs: 60_000 });
}

/** A public page visit of a file share: its details (with an access token), then the bytes. */
export async function visitFile(
  baseUrl: string,
  slug: string,
): Promise<{ status: number; bytes?: Buffer; token?: string }> {
  const info = await call(baseUrl, 'GET', `/api/public/files/${slug}`);
  const parsed = z.object({ access_token: z.nullable(z.string()) }).safeParse(info.data);
  if (info.status !== 200 || !parsed.success || parsed.data.access_token === null) return { status: info.status };
  const token = parsed.data.access_token;
  const read = await fetchFile(baseUrl, slug, token);
  return { ...read, token };
}

export async function fetchFile(
  baseUrl: string,
  slug: string,
  token: string | undefined,
): Promise<{ status: number; bytes?: Buffer }> {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  try {
    const response = await fetch(`${baseUrl}/api/file-download/${slug}${query}`, {
      signal: AbortSignal.timeout(30_000),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return response.ok ? { status: response.status, bytes } : { status: response.status };
  } catch {
    return { status: 0 };
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
