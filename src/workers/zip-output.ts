// The bytes of the basket's ZIP, gathered into output buffers (the byte pool's, when the caller
// gives it: each buffer goes back to the pool once the sink has written it). A file's bytes are
// framed as a deflate stream of stored blocks (RFC 1951 section 3.2.4, "BTYPE 00": a 5-byte
// header, then at most 65,535 bytes as they are), so no byte is compressed and a streaming reader
// still finds where the file ends. A block never spans two output buffers: its header is filled
// in when the block closes, before the buffer leaves.

/** RFC 1951's limit for one stored block. */
const BLOCK_MAX = 0xffff;
/** BFINAL/BTYPE (one byte, the rest of its bits padding), LEN and NLEN. */
const BLOCK_HEADER = 5;
/** A block is started in what is left of a buffer only when at least this much data fits. */
const BLOCK_MIN_DATA = 1024;
/** Output buffers smaller than this could not hold a block with its header. */
export const MIN_OUTPUT_BYTES = 64 * 1024;

export class ZipOutput {
  /** Bytes of the ZIP written so far. */
  offset = 0;
  /** The buffer being filled; taken when a byte needs it, so none is taken after the last byte. */
  private buffer: Uint8Array<ArrayBuffer> | null = null;
  private used = 0;
  /** The open block: its buffer and where its header is. */
  private block: { buffer: Uint8Array<ArrayBuffer>; at: number } | null = null;
  private full: Uint8Array[] = [];

  constructor(private readonly take: () => Uint8Array<ArrayBuffer>) {}

  /** The buffer with room for at least `room` bytes, a new one when this one has less. */
  private current(room = 1): Uint8Array<ArrayBuffer> {
    if (this.buffer !== null && this.buffer.byteLength - this.used >= room) return this.buffer;
    this.flush();
    const buffer = this.take();
    if (buffer.byteLength < MIN_OUTPUT_BYTES) throw new Error(`ZIP output buffers need ${MIN_OUTPUT_BYTES} bytes`);
    this.buffer = buffer;
    return buffer;
  }

  private flush(): void {
    if (this.buffer !== null && this.used > 0) this.full.push(this.buffer.subarray(0, this.used));
    this.buffer = null;
    this.used = 0;
  }

  /** Record bytes (headers, descriptors, the central directory), copied as they are. */
  write(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.byteLength; ) {
      const buffer = this.current();
      const n = Math.min(bytes.byteLength - at, buffer.byteLength - this.used);
      buffer.set(bytes.subarray(at, at + n), this.used);
      this.used += n;
      at += n;
    }
    this.offset += bytes.byteLength;
  }

  /** A file's bytes, copied into stored blocks; `endDeflate` ends its deflate stream. */
  deflate(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.byteLength; ) {
      const block = this.block ?? this.open();
      const length = this.used - block.at - BLOCK_HEADER;
      const n = Math.min(bytes.byteLength - at, BLOCK_MAX - length, block.buffer.byteLength - this.used);
      block.buffer.set(bytes.subarray(at, at + n), this.used);
      this.used += n;
      this.offset += n;
      at += n;
      if (length + n === BLOCK_MAX || this.used === block.buffer.byteLength) this.close(false);
    }
  }

  /** Marks the open block as the last one, or adds an empty last block when none is open. */
  endDeflate(): void {
    if (this.block === null) this.open();
    this.close(true);
  }

  private open(): { buffer: Uint8Array<ArrayBuffer>; at: number } {
    const block = { buffer: this.current(BLOCK_HEADER + BLOCK_MIN_DATA), at: this.used };
    this.block = block;
    this.used += BLOCK_HEADER;
    this.offset += BLOCK_HEADER;
    return block;
  }

  private close(final: boolean): void {
    if (this.block === null) return;
    const { buffer, at } = this.block;
    const length = this.used - at - BLOCK_HEADER;
    buffer[at] = final ? 1 : 0;
    buffer[at + 1] = length & 0xff;
    buffer[at + 2] = length >>> 8;
    buffer[at + 3] = ~length & 0xff;
    buffer[at + 4] = (~length >>> 8) & 0xff;
    this.block = null;
  }

  /** The buffers filled since the last call, in order; `last` also hands over the partly filled one. */
  ready(last = false): Uint8Array[] {
    if (last) this.flush();
    const full = this.full;
    this.full = [];
    return full;
  }
}
