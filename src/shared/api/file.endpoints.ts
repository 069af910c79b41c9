// The file-share endpoints beyond the upload calls: what anyone with the link may do (metadata,
// password check, view, download, office preview) and management of every share by the admin
// (/admin/files) or of its own by a key with file permission (/user/files).
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  batchDeleteFilesRequestSchema,
  batchDeleteFilesResponseSchema,
  fileAccessQuerySchema,
  fileDeletedSchema,
  fileDetailSchema,
  fileListQuerySchema,
  fileListSchema,
  filePreviewSchema,
  fileRecordSchema,
  officePreviewQuerySchema,
  officePreviewSchema,
  publicFileAnswerSchema,
  updateFileRequestSchema,
  verifiedFileSchema,
  verifyFilePasswordRequestSchema,
} from './file-share.schema';
import { sharePaths } from './share-paths';

const tag = 'files';
const slugParams = z.object({ slug: z.string().check(z.minLength(1)) });
const idParams = z.object({ id: z.string().check(z.minLength(1)) });
const {
  BadRequest,
  Forbidden,
  Gone,
  NotFound,
  PasswordRequired,
  RateLimited,
  SlugTaken,
  ValidationFailed,
  WrongPassword,
} = ErrorCode;

export const getPublicFile = defineEndpoint({
  id: 'files.public.get',
  method: 'GET',
  path: sharePaths.publicFile,
  summary:
    'A share’s details, counting no view; an unprotected one comes with a short-lived access token in its links, a protected one says only that it needs its password',
  tag,
  access: 'public',
  params: slugParams,
  reply: publicFileAnswerSchema,
  errors: [NotFound, Gone],
});

export const verifyFilePassword = defineEndpoint({
  id: 'files.public.verify',
  method: 'POST',
  path: '/public/files/:slug/verify',
  summary: 'Check a protected share’s password; the answer’s links carry a short-lived access token instead',
  tag,
  access: 'public',
  params: slugParams,
  body: verifyFilePasswordRequestSchema,
  reply: verifiedFileSchema,
  message: 'password verified',
  errors: [ValidationFailed, BadRequest, NotFound, Gone, WrongPassword, RateLimited],
  idempotent: true,
});

const delivery = (mode: 'view' | 'download') =>
  defineEndpoint({
    id: `files.public.${mode}`,
    method: 'GET',
    path: `/file-${mode}/:slug`,
    summary:
      mode === 'view'
        ? 'The file for showing in the page (active content is served as text); Range supported'
        : 'The file as an attachment; Range supported',
    tag,
    access: 'public',
    params: slugParams,
    query: fileAccessQuerySchema,
    reply: {
      kind: 'raw',
      contentType: 'application/octet-stream',
      description:
        'the bytes (200, or 206 for a Range), 416 for a range past the end, or a 302 to a presigned storage URL',
    },
    errors: [NotFound, Gone, PasswordRequired, Forbidden],
  });

export const viewFile = delivery('view');
export const downloadFile = delivery('download');

export const filePreview = defineEndpoint({
  id: 'files.public.preview',
  method: 'GET',
  path: sharePaths.filePreview,
  summary: 'The first 256 KB of a text, code or Markdown file as safe HTML; costs a view like a delivery',
  tag,
  access: 'public',
  params: slugParams,
  query: fileAccessQuerySchema,
  reply: filePreviewSchema,
  errors: [BadRequest, NotFound, Gone, PasswordRequired, Forbidden],
});

export const officePreview = defineEndpoint({
  id: 'files.public.officePreview',
  method: 'GET',
  path: '/office-preview/:slug',
  summary: 'A short-lived Microsoft or Google viewer link for an office document; costs a view like a delivery',
  tag,
  access: 'public',
  params: slugParams,
  query: officePreviewQuerySchema,
  reply: officePreviewSchema,
  errors: [BadRequest, NotFound, Gone, PasswordRequired, Forbidden],
});

/** The same routes under /admin/files (every share) and /user/files (the key's own; others are 404). */
function managementEndpoints<const S extends 'admin' | 'user', const A extends 'admin' | 'file'>(scope: S, access: A) {
  const base = `/${scope}/files` as const;
  return {
    list: defineEndpoint({
      id: `files.${scope}.list`,
      method: 'GET',
      path: base,
      summary: scope === 'admin' ? 'Every committed share, by offset' : 'The key’s own committed shares, by offset',
      tag,
      access,
      query: fileListQuerySchema,
      reply: fileListSchema,
      errors: [],
    }),
    get: defineEndpoint({
      id: `files.${scope}.get`,
      method: 'GET',
      path: `${base}/:id`,
      summary: 'One share with its view and download links',
      tag,
      access,
      params: idParams,
      reply: fileDetailSchema,
      errors: [NotFound],
    }),
    update: defineEndpoint({
      id: `files.${scope}.update`,
      method: 'PUT',
      path: `${base}/:id`,
      summary: 'Change the fields sent; null clears remark, expiry, view limit or password',
      tag,
      access,
      writes: true,
      params: idParams,
      body: updateFileRequestSchema,
      reply: fileRecordSchema,
      message: 'file updated',
      errors: [ValidationFailed, BadRequest, NotFound, SlugTaken],
    }),
    remove: defineEndpoint({
      id: `files.${scope}.delete`,
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Delete one share and its stored object',
      tag,
      access,
      writes: true,
      params: idParams,
      reply: fileDeletedSchema,
      message: 'file deleted',
      errors: [NotFound],
    }),
    removeMany: defineEndpoint({
      id: `files.${scope}.batchDelete`,
      method: 'POST',
      path: `${base}/batch-delete`,
      summary: 'Delete several shares; ids that are missing or not the caller’s are skipped',
      tag,
      access,
      writes: true,
      body: batchDeleteFilesRequestSchema,
      reply: batchDeleteFilesResponseSchema,
      message: 'files deleted',
      errors: [ValidationFailed, BadRequest],
    }),
  };
}

export const adminFileEndpoints = managementEndpoints('admin', 'admin');
export const userFileEndpoints = managementEndpoints('user', 'file');
