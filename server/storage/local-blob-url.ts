// Presigned URLs of the local driver: expiring links to Clipdock's own /api/blob endpoint.
// The HMAC covers method, config, key, expiry, multipart ids, the byte length a PUT may carry
// and the response headers.
import type { UrlSigner } from '@server/lib/signed-url';

export type BlobGrant = {
  configId: string;
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  exp: number;
  uploadId?: string;
  partNumber?: number;
  /** PUT only: the exact number of bytes the upload declared; more is refused. */
  length?: number;
  contentType?: string;
  disposition?: string;
};

const fieldsOf = (grant: BlobGrant) => ({
  cfg: grant.configId,
  m: grant.method,
  k: grant.key,
  exp: grant.exp,
  u: grant.uploadId,
  n: grant.partNumber,
  l: grant.length,
  ct: grant.contentType,
  cd: grant.disposition,
});

export function blobPath(configId: string): string {
  return `/api/blob/${encodeURIComponent(configId)}`;
}

export function signBlobUrl(signer: UrlSigner, grant: BlobGrant): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fieldsOf(grant))) {
    if (name !== 'cfg' && name !== 'm' && value !== undefined) query.set(name, String(value));
  }
  query.set('sig', signer.sign(fieldsOf(grant)));
  return `${blobPath(grant.configId)}?${query.toString()}`;
}

export type BlobCheck = { ok: true; grant: BlobGrant } | { ok: false; reason: 'invalid' | 'expired' };

/** Rebuilds the grant from a request and checks signature (constant-time) and expiry. */
export function checkBlobUrl(
  signer: UrlSigner,
  configId: string,
  method: string,
  query: URLSearchParams,
  nowMs: number,
): BlobCheck {
  const key = query.get('k');
  const exp = query.get('exp');
  const sig = query.get('sig');
  const part = query.get('n');
  const length = query.get('l');
  if ((method !== 'GET' && method !== 'PUT') || key === null || exp === null || sig === null)
    return { ok: false, reason: 'invalid' };
  if (!/^\d{1,12}$/.test(exp) || (part !== null && !/^\d{1,5}$/.test(part))) return { ok: false, reason: 'invalid' };
  if ((method === 'PUT') !== (length !== null) || (length !== null && !/^\d{1,16}$/.test(length)))
    return { ok: false, reason: 'invalid' };
  const grant: BlobGrant = {
    configId,
    method,
    key,
    exp: Number(exp),
    uploadId: query.get('u') ?? undefined,
    partNumber: part === null ? undefined : Number(part),
    length: length === null ? undefined : Number(length),
    contentType: query.get('ct') ?? undefined,
    disposition: query.get('cd') ?? undefined,
  };
  if (!signer.verify(fieldsOf(grant), sig)) return { ok: false, reason: 'invalid' };
  if (grant.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
