// multipart/form-data read as a stream with busboy: each part is handed over in order while the
// request is still arriving, a file's body with backpressure, so a file is never held in memory
// whole. The number of parts and fields and each field's size are capped, so a flood of small
// fields cannot grow the server's memory either.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

export type FormPart = { name: string; filename: string | undefined; contentType: string | undefined; body: Readable };

export type FormLimits = { fields: number; fieldBytes: number; files: number; headerPairs: number };

export const defaultFormLimits: FormLimits = { fields: 16, fieldBytes: 4096, files: 1, headerPairs: 16 };

export class FormError extends Error {}

export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/** Calls `onPart` for each part, one after another; it must consume `body`. Rejects with FormError on a malformed or oversized form. */
export function readForm(
  source: Readable | AsyncIterable<Buffer>,
  boundary: string,
  onPart: (part: FormPart) => Promise<void>,
  limits: FormLimits = defaultFormLimits,
): Promise<void> {
  const input = source instanceof Readable ? source : Readable.from(source);
  return new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        // Every client sends a file name as UTF-8 (curl, browsers, FormData, Python's requests),
        // raw in filename="…" or encoded in filename*=UTF-8''…; busboy's default reads it as Latin-1.
        defParamCharset: 'utf8',
        limits: {
          fields: limits.fields,
          fieldSize: limits.fieldBytes,
          files: limits.files,
          parts: limits.fields + limits.files,
          headerPairs: limits.headerPairs,
        },
      });
    } catch (error) {
      reject(new FormError(error instanceof Error ? error.message : 'malformed multipart body'));
      return;
    }
    let settled = false;
    let chain: Promise<void> = Promise.resolve();
    /** File parts not yet read to their end: a failed form ends them too, so no reader waits forever. */
    const open = new Set<Readable>();
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      input.resume();
      for (const body of open) body.destroy(error instanceof Error ? error : new FormError(String(error)));
      parser.removeAllListeners('close');
      reject(error);
    };
    const then = (work: () => Promise<void>) => {
      chain = chain.then(() => (settled ? undefined : work())).catch((error: unknown) => fail(error));
    };

    // busboy's types promise a name, but a part whose Content-Disposition has none comes without.
    const nameless = (name: string | undefined) => typeof name !== 'string' || name === '';
    const noName = () => new FormError('a form part has no name in its Content-Disposition');
    parser.on('field', (name, value, info) => {
      if (nameless(name)) return fail(noName());
      if (info.valueTruncated)
        return fail(new FormError(`form field ${name} is larger than ${limits.fieldBytes} bytes`));
      if (info.nameTruncated) return fail(new FormError('a form field name is too long'));
      then(() =>
        onPart({
          name,
          filename: undefined,
          contentType: info.mimeType,
          body: Readable.from([Buffer.from(value, 'utf8')]),
        }),
      );
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => undefined);
      open.add(stream);
      stream.once('end', () => open.delete(stream));
      if (nameless(name)) return fail(noName());
      const body = stream.pause();
      then(async () => {
        await onPart({ name, filename: info.filename, contentType: info.mimeType, body });
        if (!body.readableEnded) body.resume();
      });
    });
    parser.on('fieldsLimit', () => fail(new FormError(`a form may carry at most ${limits.fields} fields`)));
    parser.on('filesLimit', () => fail(new FormError(`a form may carry at most ${limits.files} file(s)`)));
    parser.on('partsLimit', () =>
      fail(new FormError(`a form may carry at most ${limits.fields + limits.files} parts`)),
    );
    parser.on('error', (error: unknown) =>
      fail(new FormError(error instanceof Error ? error.message : 'malformed multipart body')),
    );
    parser.on('close', () => {
      void chain.then(() => {
        if (settled) return;
        settled = true;
        resolve();
      });
    });
    input.on('error', (error) => fail(error));
    input.pipe(parser);
  });
}

/** A file part kept on disk because it came before the fields that say where it goes. */
export type SpooledFile = { size: number; body(): Readable; discard(): Promise<void> };

/**
 * Writes a file part to a temporary file, failing with `limit.error` beyond `limit.bytes`; the
 * caller stores it from `body()` once the form has ended, and always calls `discard()`.
 */
export async function spool(body: Readable, limit: { bytes: number; error: Error }): Promise<SpooledFile> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-form-'));
  const file = join(dir, 'part');
  const discard = () => rm(dir, { recursive: true, force: true });
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > limit.bytes) throw limit.error;
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    body.resume();
    await discard();
    throw error;
  }
  return { size, body: () => createReadStream(file), discard };
}
