// The paste endpoints: creation, the public view, unlock and raw text, and management of every
// paste by the admin (/admin/pastes) or of its own by a key with text permission (/user/pastes).
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  PASTE_MAX_BYTES,
  adminPasteListSchema,
  deletedCountSchema,
  pasteCreateInputSchema,
  pasteCreateResultSchema,
  pasteDetailSchema,
  pasteIdsInputSchema,
  pasteOffsetQuerySchema,
  pastePageQuerySchema,
  pasteUnlockInputSchema,
  pasteUpdateInputSchema,
  pasteViewQuerySchema,
  pasteViewAnswerSchema,
  pasteViewSchema,
  userPasteListSchema,
} from './paste.schema';
import { sharePaths } from './share-paths';

const tag = 'pastes';
const slugParams = z.object({ slug: z.string().check(z.minLength(1)) });
const idParams = z.object({ id: z.string().check(z.minLength(1)) });
/** JSON escaping can double the content; the content's own limit is checked after parsing. */
const pasteBodyBytes = 2 * PASTE_MAX_BYTES + 64 * 1024;
const {
  ValidationFailed,
  BadRequest,
  NotFound,
  Gone,
  SlugTaken,
  PayloadTooLarge,
  RateLimited,
  WrongPassword,
  Unauthorized,
  Forbidden,
} = ErrorCode;

export const createPaste = defineEndpoint({
  id: 'pastes.create',
  method: 'POST',
  path: '/paste',
  summary: 'Create a paste (JSON with every option, or a text/plain body that is the content)',
  tag,
  access: 'public',
  writes: true,
  body: pasteCreateInputSchema,
  reply: pasteCreateResultSchema,
  status: 201,
  message: 'paste created',
  errors: [ValidationFailed, BadRequest, SlugTaken, PayloadTooLarge, RateLimited, Unauthorized],
  idempotent: true,
  maxBodyBytes: pasteBodyBytes,
});

export const viewPaste = defineEndpoint({
  id: 'pastes.view',
  method: 'GET',
  path: sharePaths.pasteView,
  summary:
    'View a paste; a protected one says only that it needs its password until unlocked; with reveal=ask a view-limited one spends no view and says only how many views are left',
  tag,
  access: 'public',
  params: slugParams,
  query: pasteViewQuerySchema,
  reply: pasteViewAnswerSchema,
  errors: [NotFound, Gone, Forbidden],
});

export const unlockPaste = defineEndpoint({
  id: 'pastes.unlock',
  method: 'POST',
  path: sharePaths.pasteView,
  summary: 'Unlock a protected paste with its password; the answer carries a short-lived raw-text token',
  tag,
  access: 'public',
  params: slugParams,
  query: pasteViewQuerySchema,
  body: pasteUnlockInputSchema,
  reply: pasteViewSchema,
  errors: [ValidationFailed, BadRequest, NotFound, Gone, WrongPassword, RateLimited],
});

export const rawPaste = defineEndpoint({
  id: 'pastes.raw',
  method: 'GET',
  path: '/raw/:slug',
  summary: 'The paste as plain text; errors are plain text too',
  tag,
  access: 'public',
  params: slugParams,
  query: z.object({ password: z.optional(z.string()), token: z.optional(z.string()) }),
  reply: { kind: 'raw', contentType: 'text/plain; charset=utf-8', description: 'the paste content as it was sent' },
  errors: [NotFound, Gone, WrongPassword, RateLimited],
});

/** The same item routes under /admin/pastes (every paste) and /user/pastes (the key's own). */
function itemEndpoints<const S extends 'admin' | 'user', const A extends 'admin' | 'text'>(scope: S, access: A) {
  const base = `/${scope}/pastes` as const;
  return {
    get: defineEndpoint({
      id: `pastes.${scope}.get`,
      method: 'GET',
      path: `${base}/:id`,
      summary: 'One paste with its content',
      tag,
      access,
      params: idParams,
      reply: pasteDetailSchema,
      errors: [NotFound],
    }),
    update: defineEndpoint({
      id: `pastes.${scope}.update`,
      method: 'PUT',
      path: `${base}/:id`,
      summary: 'Change the fields sent; null clears remark, expiry, view limit or password',
      tag,
      access,
      params: idParams,
      body: pasteUpdateInputSchema,
      reply: pasteDetailSchema,
      writes: true,
      message: 'paste updated',
      errors: [ValidationFailed, BadRequest, NotFound, SlugTaken, PayloadTooLarge],
      idempotent: true,
      maxBodyBytes: pasteBodyBytes,
    }),
    remove: defineEndpoint({
      id: `pastes.${scope}.delete`,
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Delete one paste',
      tag,
      access,
      params: idParams,
      reply: deletedCountSchema,
      writes: true,
      message: 'paste deleted',
      errors: [NotFound],
      idempotent: true,
    }),
    removeMany: defineEndpoint({
      id: `pastes.${scope}.batchDelete`,
      method: 'POST',
      path: `${base}/batch-delete`,
      summary: 'Delete several pastes; ids that are missing or not the caller’s are skipped',
      tag,
      access,
      body: pasteIdsInputSchema,
      reply: deletedCountSchema,
      writes: true,
      message: 'pastes deleted',
      errors: [ValidationFailed],
      idempotent: true,
    }),
  };
}

export const adminPasteEndpoints = itemEndpoints('admin', 'admin');
export const userPasteEndpoints = itemEndpoints('user', 'text');

export const listAdminPastes = defineEndpoint({
  id: 'pastes.admin.list',
  method: 'GET',
  path: '/admin/pastes',
  summary: 'Every paste, a page at a time',
  tag,
  access: 'admin',
  query: pastePageQuerySchema,
  reply: adminPasteListSchema,
  errors: [ValidationFailed],
});

export const listUserPastes = defineEndpoint({
  id: 'pastes.user.list',
  method: 'GET',
  path: '/user/pastes',
  summary: "The key's own pastes, by offset",
  tag,
  access: 'text',
  query: pasteOffsetQuerySchema,
  reply: userPasteListSchema,
  errors: [ValidationFailed],
});

export const clearExpiredPastes = defineEndpoint({
  id: 'pastes.admin.clearExpired',
  method: 'POST',
  path: '/admin/pastes/clear-expired',
  summary: 'Delete every expired or used-up paste',
  tag,
  access: 'admin',
  reply: deletedCountSchema,
  errors: [],
  idempotent: true,
});
