// What the server fetches for a URL upload, always through the URL address guard: `info` reads
// only the answer's headers (HEAD, then a one-byte ranged GET), `proxy` streams the body for a
// browser that cannot fetch it itself, capped at the max upload size and the fetch time limit.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { UrlInfo } from '@shared/api/url-upload.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { headerValue } from '@server/lib/net/guarded-request';
import { UrlFetchError, type FetchedResponse, type GuardedFetch } from '@server/lib/net/guarded-fetch';
import { resolveMimeType } from '@server/lib/mime';
import { urlFilename } from './url-filename';

/** `info` waits at most this long for headers (or the fetch time limit when shorter). */
const INFO_TIMEOUT_MS = 15_000;
const USER_AGENT = 'Clipdock/0.6.9 (URL upload)';

export type ProxiedBody = { body: Readable; size: number | null };

export type UrlFetchDeps = {
  fetch: GuardedFetch;
  /** The max upload size now (system settings). */
  maxUploadBytes: () => Promise<number>;
  timeoutMs: number;
};

/** A fetch failure as the 4xx or 502 that says why. */
export function appErrorOf(error: unknown): unknown {
  if (!(error instanceof UrlFetchError)) return error;
  switch (error.kind) {
    case 'scheme':
    case 'refused':
      return new AppError(
        ErrorCode.UrlNotAllowed,
        `${error.message}${error.kind === 'refused' ? ' (see URL_FETCH_ALLOW)' : ''}`,
      );
    case 'too-large':
      return new AppError(ErrorCode.PayloadTooLarge, error.message);
    default:
      return new AppError(ErrorCode.UrlFetchFailed, error.message);
  }
}

function statusFailure(response: FetchedResponse): AppError {
  response.close();
  return new AppError(ErrorCode.UrlFetchFailed, `the URL answered HTTP ${response.status}`, {
    upstreamStatus: response.status,
  });
}

const isOk = (response: FetchedResponse) => response.status >= 200 && response.status < 300;

function sizeOf(response: FetchedResponse): number | null {
  const range = /\/(\d+)\s*$/.exec(headerValue(response.headers, 'content-range') ?? '');
  const text = response.status === 206 ? range?.[1] : headerValue(response.headers, 'content-length');
  const size = Number(text ?? Number.NaN);
  return text !== undefined && text !== null && Number.isSafeInteger(size) && size >= 0 ? size : null;
}

function allowsOrigin(headers: IncomingHttpHeaders, origin: string): boolean {
  const allowed = headerValue(headers, 'access-control-allow-origin')?.trim();
  return allowed === '*' || allowed === origin;
}

export class UrlFetchService {
  constructor(private readonly deps: UrlFetchDeps) {}

  /** `origin` is the app's origin, sent as Origin so the answer shows whether the browser may read it. */
  async info(address: string, origin: string): Promise<UrlInfo> {
    const url = new URL(address);
    const timeoutMs = Math.min(INFO_TIMEOUT_MS, this.deps.timeoutMs);
    const headers = { 'user-agent': USER_AGENT, origin, accept: '*/*' };
    try {
      let response = await this.deps.fetch(url, { method: 'HEAD', headers, timeoutMs });
      response.close();
      // Some servers refuse HEAD or leave out the length: a one-byte GET tells the total instead.
      if (!isOk(response) || sizeOf(response) === null) {
        response = await this.deps.fetch(url, {
          method: 'GET',
          headers: { ...headers, range: 'bytes=0-0' },
          timeoutMs,
        });
        response.close();
        if (!isOk(response)) throw statusFailure(response);
      }
      const disposition = headerValue(response.headers, 'content-disposition') ?? undefined;
      const filename = urlFilename(disposition, response.url);
      const declared = headerValue(response.headers, 'content-type')?.split(';')[0];
      return {
        url: url.toString(),
        filename,
        contentType: resolveMimeType(filename, declared),
        size: sizeOf(response),
        lastModified: headerValue(response.headers, 'last-modified'),
        corsSupported: allowsOrigin(response.headers, origin),
      };
    } catch (error) {
      throw appErrorOf(error);
    }
  }

  /** The remote body, stopped past the max upload size or the time limit; `signal` ends it when the caller leaves. */
  async proxy(address: string, signal: AbortSignal): Promise<ProxiedBody> {
    const maxBytes = await this.deps.maxUploadBytes();
    try {
      const response = await this.deps.fetch(new URL(address), {
        method: 'GET',
        headers: { 'user-agent': USER_AGENT, accept: '*/*' },
        timeoutMs: this.deps.timeoutMs,
        maxBytes,
        signal,
      });
      if (response.status !== 200) throw statusFailure(response);
      return { body: response.body, size: sizeOf(response) };
    } catch (error) {
      throw appErrorOf(error);
    }
  }
}
