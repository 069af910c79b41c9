// The owner's arrivals: the count behind the admin panel's badge, and the call that clears one
// request's count when its uploads are opened. Same owners as the other /file-requests calls.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { fileRequestArrivalsSchema, markUploadsSeenSchema, uploadsSeenSchema } from './file-request-arrivals.schema';

const tag = 'file-requests';
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

export const fileRequestArrivals = defineEndpoint({
  id: 'fileRequests.arrivals',
  method: 'GET',
  path: '/file-requests/arrivals',
  summary: 'How many uploads arrived through the caller’s requests since their owner last opened them (the badge)',
  tag,
  access: 'mount',
  reply: fileRequestArrivalsSchema,
  errors: [],
});

export const markFileRequestUploadsSeen = defineEndpoint({
  id: 'fileRequests.uploads.seen',
  method: 'POST',
  path: '/file-requests/:id/uploads/seen',
  summary: 'The owner opened the request’s uploads: those committed up to `up_to` (or now) are no longer new',
  tag,
  access: 'mount',
  // A read-only key's requests take no uploads (their owner may not write), so it has none to clear.
  writes: true,
  params: idParams,
  body: markUploadsSeenSchema,
  reply: uploadsSeenSchema,
  errors: [ErrorCode.ValidationFailed, ErrorCode.NotFound],
});
