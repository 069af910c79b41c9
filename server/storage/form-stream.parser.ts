// A streaming multipart/form-data reader: each part's body is handed over as a stream while
// the request is still arriving, with backpressure, so a file is never held in memory whole.
import { PassThrough, type Readable } from 'node:stream';

export type FormPart = { name: string; filename: string | undefined; contentType: string | undefined; body: Readable };

const maxHeaderBytes = 16 * 1024;
const crlf2 = Buffer.from('\r\n\r\n');

export class FormError extends Error {}

export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/** Calls `onPart` for each part and waits for it before reading on; it must consume `body`. */
export async function readForm(source: AsyncIterable<Buffer>, boundary: string, onPart: (part: FormPart) => Promise<void>): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let current: { stream: PassThrough; handled: Promise<void> } | undefined;
  let failure: { error: unknown } | undefined;

  const endPart = async () => {
    if (current === undefined) return;
    current.stream.end();
    await current.handled;
    current = undefined;
  };
  const write = async (data: Buffer) => {
    const part = current;
    if (part === undefined || data.length === 0) return;
    if (part.stream.destroyed) return void (await part.handled);
    if (!part.stream.write(data)) {
      await new Promise<void>((resolve) => {
        part.stream.once('drain', resolve);
        part.stream.once('close', resolve);
      });
    }
    if (failure !== undefined) throw failure.error;
    if (part.stream.destroyed) await part.handled;
  };

  for await (const chunk of source) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (let progressed = true; progressed && state !== 'done'; ) {
      progressed = false;
      if (state === 'preamble' || state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          const keep = Math.min(buffer.length, delimiter.length - 1);
          if (state === 'body') await write(buffer.subarray(0, buffer.length - keep));
          buffer = buffer.subarray(buffer.length - keep);
          continue;
        }
        if (state === 'body') await write(buffer.subarray(0, at));
        await endPart();
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
        progressed = true;
      } else if (state === 'after-delimiter') {
        if (buffer.length < 2) continue;
        const tail = buffer.subarray(0, 2).toString('latin1');
        buffer = buffer.subarray(2);
        if (tail === '--') state = 'done';
        else if (tail === '\r\n') state = 'headers';
        else throw new FormError('malformed multipart body');
        progressed = true;
      } else if (state === 'headers') {
        const end = buffer.indexOf(crlf2);
        if (end === -1) {
          if (buffer.length > maxHeaderBytes) throw new FormError('multipart part headers are too large');
          continue;
        }
        const part = parseHeaders(buffer.subarray(0, end).toString('utf8'));
        buffer = buffer.subarray(end + crlf2.length);
        const stream = new PassThrough();
        stream.on('error', () => undefined);
        current = { stream, handled: onPart({ ...part, body: stream }) };
        current.handled.catch((error: unknown) => {
          failure ??= { error };
          stream.resume();
        });
        state = 'body';
        progressed = true;
      }
    }
    if (state === 'done') break;
  }
  if (state !== 'done') {
    current?.stream.destroy(new FormError('the form ended early'));
    await current?.handled.catch(() => undefined);
    throw new FormError('the form ended before its closing boundary');
  }
}

function parseHeaders(block: string): Omit<FormPart, 'body'> {
  let name: string | undefined;
  let filename: string | undefined;
  let contentType: string | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-type') contentType = value;
    if (header !== 'content-disposition') continue;
    name = /\bname="([^"]*)"/i.exec(value)?.[1];
    const star = /\bfilename\*=UTF-8''([^;]+)/i.exec(value)?.[1];
    filename = star !== undefined ? safeDecode(star) : /\bfilename="([^"]*)"/i.exec(value)?.[1];
  }
  if (name === undefined) throw new FormError('a multipart part has no name');
  return { name, filename, contentType };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
