// multipart/form-data read as a stream with busboy: each part is handed over in order while the
// request is still arriving, a file's body with backpressure, so a file is never held in memory
// whole. The number of parts and fields and each field's size are capped, so a flood of small
// fields cannot grow the server's memory either.
import { Readable } from 'node:stream';
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
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      input.resume();
      parser.removeAllListeners('close');
      reject(error);
    };
    const then = (work: () => Promise<void>) => {
      chain = chain.then(() => (settled ? undefined : work())).catch((error: unknown) => fail(error));
    };

    parser.on('field', (name, value, info) => {
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
