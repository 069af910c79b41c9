// What a link card needs besides the share page's own tags: a small public image file's picture,
// served without spending a view (an unfurler's fetch is no reader), and an oEmbed answer.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';

const slugParams = z.object({ slug: z.string().check(z.minLength(1)) });

export const cardImage = defineEndpoint({
  id: 'shares.cardImage',
  method: 'GET',
  path: '/card-image/:slug',
  summary:
    'A public image share’s picture for link cards (PNG, JPEG, GIF or WebP up to 300 KB, unscaled); counts no view. 404 for any other share',
  tag: 'link cards',
  access: 'public',
  params: slugParams,
  reply: { kind: 'raw', contentType: 'image/*', description: 'the picture’s bytes' },
  errors: [ErrorCode.NotFound],
});

export const oembedQuerySchema = z.object({
  /** A share page of this server: `<origin>/paste/{slug}` or `<origin>/file/{slug}`. */
  url: z.string().check(z.minLength(1), z.maxLength(2048)),
  format: z.optional(z.enum(['json'])),
  maxwidth: z.optional(z.coerce.number().check(z.int(), z.positive())),
  maxheight: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export const oembed = defineEndpoint({
  id: 'shares.oembed',
  method: 'GET',
  path: '/oembed',
  summary:
    'oEmbed (1.0, JSON) for a share page of this server: the same card as its tags (a protected or view-limited share says only that it is protected); a public video is a `video` with a player, anything else a `link`. Counts no view',
  tag: 'link cards',
  access: 'public',
  query: oembedQuerySchema,
  reply: { kind: 'raw', contentType: 'application/json', description: 'the oEmbed answer (not the envelope)' },
  errors: [ErrorCode.ValidationFailed, ErrorCode.NotFound],
});
