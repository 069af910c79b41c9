// Frees an ArrayBuffer's memory now rather than at the next full garbage collection. A buffer the
// browser made (a Web Crypto result, a fetch chunk) keeps its memory behind a browser-side object
// that only a full collection frees, and detaching it in JavaScript (`transfer(0)`) only hides that
// memory from the collector, so it waits even longer (bench/RESULTS.md, issue 34). Moved into a
// message to a closed port, it is detached and freed with the message at once, in Chromium as the
// HTML standard has it (a closed port's message is serialized, transfers included, then dropped).

export type BufferReleaser = {
  /** Detaches `buffer` and frees its memory; it must not be read again. Shared memory is left alone. */
  release(buffer: ArrayBufferLike): void;
  close(): void;
};

export function bufferReleaser(): BufferReleaser {
  if (typeof MessageChannel !== 'function') return { release: () => undefined, close: () => undefined };
  const closedPort = () => {
    const { port1, port2 } = new MessageChannel();
    port2.close();
    return port1;
  };
  let port = closedPort();
  return {
    release(buffer) {
      // Checked by tag, not `instanceof`: Web Crypto's buffers may come from another realm (a test's).
      if (Object.prototype.toString.call(buffer) !== '[object ArrayBuffer]' || buffer.byteLength === 0) return;
      port.postMessage(buffer, [buffer]);
      // A port that has learnt its partner is gone may skip the transfer: one new port, one more try.
      if (buffer.byteLength !== 0) {
        port.close();
        port = closedPort();
        port.postMessage(buffer, [buffer]);
      }
    },
    close: () => port.close(),
  };
}
