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
