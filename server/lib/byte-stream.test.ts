import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { capped, cutParts, readAtMost } from './byte-stream';

async function* chunks(...sizes: number[]): AsyncGenerator<Buffer> {
  let next = 0;
  for (const size of sizes) {
    yield Buffer.from(Array.from({ length: size }, () => next++ % 256));
  }
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('cutParts', () => {
  it('cuts parts of exactly the size whatever the chunks, the last one shorter, the bytes in order', async () => {
    const parts = await collect(cutParts(chunks(3, 10, 1, 1, 7), 4));
    expect(parts.map((part) => part.length)).toEqual([4, 4, 4, 4, 4, 2]);
    expect([...Buffer.concat(parts)]).toEqual(Array.from({ length: 22 }, (_, index) => index));
  });

  it('yields no part for an empty body and one part for a body of exactly the size', async () => {
    expect(await collect(cutParts(chunks(), 4))).toEqual([]);
    expect(await collect(cutParts(chunks(0, 0), 4))).toEqual([]);
    expect((await collect(cutParts(chunks(2, 2), 4))).map((part) => part.length)).toEqual([4]);
  });

  it('reads a Node stream of strings as their bytes', async () => {
    const parts = await collect(cutParts(Readable.from(['héllo', ' world']), 5));
    expect(parts.map((part) => part.toString('latin1'))).toEqual(['h\xc3\xa9ll', 'o wor', 'ld']);
  });

  it('holds at most one part: the source is not read ahead of the part being taken', async () => {
    let read = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for (let index = 0; index < 10; index++) {
        read += 1;
        yield Buffer.alloc(2);
      }
    }
    const parts = cutParts(counted(), 4);
    await parts.next();
    expect(read).toBe(2);
    await parts.return(undefined);
  });
});

describe('capped', () => {
  const error = new Error('too large');

  it('passes a body at the cap through unchanged, reserving ahead of each chunk', async () => {
    const reserved: number[] = [];
    const out = await collect(
      capped(chunks(3, 4, 3), { bytes: 10, error }, async (total) => {
        reserved.push(total);
      }),
    );
    expect(out.map((chunk) => chunk.length)).toEqual([3, 4, 3]);
    expect(reserved).toEqual([3, 7, 10]);
  });

  it('throws the cap’s error before yielding or reserving the chunk that goes over', async () => {
    const reserved: number[] = [];
    const seen: number[] = [];
    const run = async () => {
      for await (const chunk of capped(chunks(3, 4, 4), { bytes: 10, error }, async (total) => {
        reserved.push(total);
      }))
        seen.push(chunk.length);
    };
    await expect(run()).rejects.toBe(error);
    expect(seen).toEqual([3, 4]);
    expect(reserved).toEqual([3, 7]);
  });

  it('works without a reservation', async () => {
    expect((await collect(capped(chunks(5), { bytes: 5, error }))).length).toBe(1);
    await expect(collect(capped(chunks(6), { bytes: 5, error }))).rejects.toBe(error);
  });

  it('stops a body that fails while reserving', async () => {
    const refused = new Error('quota');
    await expect(
      collect(
        capped(chunks(1, 1), { bytes: 10, error }, async () => {
          throw refused;
        }),
      ),
    ).rejects.toBe(refused);
  });
});

describe('readAtMost', () => {
  it('reads a body within its cap whole, strings and buffers alike', async () => {
    const body = Readable.from([Buffer.from('ab'), 'cd', Buffer.from('e')]);
    expect((await readAtMost(body, { bytes: 5, error: new Error('too large') })).toString()).toBe('abcde');
  });

  it('throws the cap’s error past the cap and destroys the body', async () => {
    const body = Readable.from([Buffer.alloc(4), Buffer.alloc(4)]);
    const tooLarge = new Error('too large');
    await expect(readAtMost(body, { bytes: 6, error: tooLarge })).rejects.toBe(tooLarge);
    expect(body.destroyed).toBe(true);
  });
});
