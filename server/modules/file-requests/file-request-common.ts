// What the owner's and the uploaders' sides share: the state a request is in, the owner a public
// upload acts as (the request's maker, rebuilt from its tag, whose rights may have shrunk since),
// and the owner's view of a row.
import type { FileRequestState, FileRequestView, WebhookDelivery } from '@shared/api/file-request.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { ownerTag, type AdminAuth, type ApiKeyAuth } from '@server/modules/auth/auth.types';
import type { OwnerLookupService } from '@server/modules/auth/owner-lookup.service';
import { parseAllowedTypes } from './file-request-types';
import type { FileRequestDeliveryRow } from './file-request-delivery.repo';
import type { FileRequestRow, RequestTally } from './file-request.repo';
import { WEBHOOK_MAX_ATTEMPTS } from './file-request-webhook';

export type Owner = AdminAuth | ApiKeyAuth;

export function stateOf(row: FileRequestRow, nowMs: number): FileRequestState {
  if (row.status === 'closed') return 'closed';
  if (row.expires_at !== null && Date.parse(row.expires_at) <= nowMs) return 'expired';
  return row.status;
}

/** Admins reach every request; a key only its own. */
export function ownsRequest(caller: Owner, row: FileRequestRow): boolean {
  return caller.kind === 'admin' || row.created_by === ownerTag(caller);
}

/** A key needs file and mount permissions to ask for files (the route has checked mount). */
export function mustBeRequestOwner(caller: Owner): void {
  if (caller.kind === 'apikey' && !(caller.permissions.file && caller.permissions.mount))
    throw new AppError(ErrorCode.Forbidden, 'file requests need an API key with file and mount permissions');
}

/** The maker of a request as a caller of the mount services, or null once it may no longer upload. */
export async function ownerOf(owners: OwnerLookupService, row: FileRequestRow, nowIso: string): Promise<Owner | null> {
  const owner = await owners.callerOf(row.created_by, nowIso);
  if (owner === null || owner.kind === 'admin') return owner;
  return owner.permissions.file && owner.permissions.mount && !owner.readOnly ? owner : null;
}

/** Beside a request's row: what arrived, how much of it is new, and its latest webhook delivery. */
export type RequestFacts = { tally: RequestTally; unseen: number; delivery: FileRequestDeliveryRow | undefined };

export function toView(
  row: FileRequestRow,
  { tally, unseen, delivery }: RequestFacts,
  origin: string,
  nowMs: number,
  webhookSecret: (id: string) => string,
): FileRequestView {
  return {
    id: row.id,
    slug: row.slug,
    url: `${origin}/request/${encodeURIComponent(row.slug)}`,
    path: row.path,
    title: row.title,
    message: row.message,
    expires_at: row.expires_at,
    max_files: row.max_files,
    max_total_bytes: row.max_total_bytes,
    max_file_bytes: row.max_file_bytes,
    allowed_types: parseAllowedTypes(row.allowed_types),
    has_password: row.password_hash !== null,
    require_name: row.require_name === 1,
    webhook_url: row.webhook_url,
    webhook_secret: row.webhook_url === null ? null : webhookSecret(row.id),
    status: row.status,
    state: stateOf(row, nowMs),
    file_count: tally.files,
    total_bytes: tally.bytes,
    last_upload_at: tally.last,
    new_uploads: unseen,
    webhook_delivery: delivery === undefined ? null : deliveryView(delivery),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function deliveryView(row: FileRequestDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    status: row.status,
    file_count: row.file_count,
    attempts: row.attempts,
    max_attempts: WEBHOOK_MAX_ATTEMPTS,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    last_error: row.last_error,
  };
}
