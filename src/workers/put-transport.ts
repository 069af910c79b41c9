// Raw PUTs of bytes to presigned storage URLs. fetch has no upload progress events, so the
// default transport uses XMLHttpRequest (available in workers); tests inject a fake instead.
export type PutOptions = {
  headers: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  /** Bytes of this body sent so far, when the transport can tell. */
  onProgress?: (loaded: number) => void;
};

/** Any HTTP status resolves; network failure, time-out and abort reject. */
export type PutResponse = { status: number; etag: string | null };

export type PutTransport = {
  put(url: string, body: Blob, options: PutOptions): Promise<PutResponse>;
};

export function createXhrTransport(): PutTransport {
  return {
    put: (url, body, { headers, signal, timeoutMs, onProgress }) =>
      new Promise<PutResponse>((resolve, reject) => {
        if (signal.aborted) {
          reject(new DOMException('upload aborted', 'AbortError'));
          return;
        }
        const xhr = new XMLHttpRequest();
        const abort = () => xhr.abort();
        const fail = (name: string) => () => {
          signal.removeEventListener('abort', abort);
          reject(new DOMException(`upload ${name}`, name));
        };
        signal.addEventListener('abort', abort, { once: true });
        xhr.open('PUT', url);
        xhr.timeout = timeoutMs;
        for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
        if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded);
        xhr.onload = () => {
          signal.removeEventListener('abort', abort);
          resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
        };
        xhr.onerror = fail('NetworkError');
        xhr.ontimeout = fail('TimeoutError');
        xhr.onabort = fail('AbortError');
        xhr.send(body);
      }),
  };
}

export function createFetchTransport(fetch: typeof globalThis.fetch): PutTransport {
  return {
    async put(url, body, { headers, signal, timeoutMs }) {
      const response = await fetch(url, {
        method: 'PUT',
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.body?.cancel();
      return { status: response.status, etag: response.headers.get('ETag') };
    },
  };
}

export function defaultTransport(fetch: typeof globalThis.fetch): PutTransport {
  return typeof XMLHttpRequest === 'function' ? createXhrTransport() : createFetchTransport(fetch);
}
