// What anyone may ask the server: whether it is up, which version it runs, and the upload limit
// a client checks before it starts sending bytes.
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { maxUploadSizeSchema } from './settings.schema';
import { healthSchema, versionSchema } from './system.schema';

const tag = 'system';

export const getHealth = defineEndpoint({
  id: 'system.health',
  method: 'GET',
  path: '/health',
  summary: 'Liveness with a database round trip',
  tag,
  access: 'public',
  reply: healthSchema,
  errors: [ErrorCode.Unavailable],
});

export const getVersion = defineEndpoint({
  id: 'system.version',
  method: 'GET',
  path: '/version',
  summary: 'The server version, its database kind, Node version and uptime',
  tag,
  access: 'public',
  reply: versionSchema,
  errors: [],
});

export const getMaxUploadSize = defineEndpoint({
  id: 'system.maxUploadSize',
  method: 'GET',
  path: '/system/max-upload-size',
  summary: 'The largest file an upload may carry',
  tag,
  access: 'public',
  reply: maxUploadSizeSchema,
  errors: [],
});
