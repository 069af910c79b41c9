// The API's own description: the OpenAPI document and the interactive reference that reads it.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';

const tag = 'docs';

export const docsAssets = ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js'] as const;

export const openApiJson = defineEndpoint({
  id: 'docs.openapi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document: every /api route with its inputs, replies, errors and auth schemes',
  tag,
  access: 'public',
  reply: { kind: 'raw', contentType: 'application/json', description: 'an OpenAPI 3.1 document' },
  errors: [],
});

export const apiReference = defineEndpoint({
  id: 'docs.reference',
  method: 'GET',
  path: '/docs',
  summary: 'The interactive API reference (works without internet access)',
  tag,
  access: 'public',
  reply: { kind: 'raw', contentType: 'text/html; charset=utf-8', description: 'the reference page' },
  errors: [],
});

export const apiReferenceAsset = defineEndpoint({
  id: 'docs.asset',
  method: 'GET',
  path: '/docs/:file',
  summary: 'A script or style sheet of the API reference',
  tag,
  access: 'public',
  params: z.object({ file: z.enum(docsAssets) }),
  reply: { kind: 'raw', contentType: 'text/javascript or text/css', description: 'the asset' },
  errors: [ErrorCode.NotFound],
});
