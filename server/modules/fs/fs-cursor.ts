// Listing cursors: the storage's continuation token, bound to the mount and folder it pages and
// signed, so a cursor cannot be replayed on another folder or altered to start elsewhere.
import { z } from 'zod';
import type { UrlSigner } from '@server/lib/signed-url';
import { fieldError } from '@server/lib/field-error';

const payloadSchema = z.tuple([z.string(), z.string(), z.string()]);

export class FsCursors {
  constructor(private readonly signer: UrlSigner) {}

  encode(mountId: string, key: string, token: string): string {
    const payload = Buffer.from(JSON.stringify([mountId, key, token])).toString('base64url');
    return `${payload}.${this.signer.sign({ p: payload })}`;
  }

  /** The storage token of a cursor made for this folder; a 400 for any other. */
  decode(cursor: string, mountId: string, key: string): string {
    const [payload = '', signature = '', ...rest] = cursor.split('.');
    if (rest.length > 0 || !this.signer.verify({ p: payload }, signature)) throw invalid();
    const parsed = payloadSchema.safeParse(safeJson(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data[0] !== mountId || parsed.data[1] !== key) throw invalid();
    return parsed.data[2];
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function invalid() {
  return fieldError('cursor', 'does not belong to this folder listing (start again without a cursor)');
}
