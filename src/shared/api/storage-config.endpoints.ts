// The storage config endpoints (/s3-configs): keys with file permission see the public
// configs they can reach (without endpoint or key id); everything else is the admin's.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  applyCorsRequestSchema,
  applyCorsResponseSchema,
  createS3ConfigRequestSchema,
  storageConfigDeletedSchema,
  storageConfigListSchema,
  storageConfigSchema,
  storageTestResultSchema,
  updateStorageConfigRequestSchema,
} from './storage-config.schema';

const tag = 'storage-configs';
const idParams = z.object({ id: z.string().check(z.minLength(1)) });
const { BadRequest, Conflict, Forbidden, NotFound, ValidationFailed } = ErrorCode;

export const listStorageConfigs = defineEndpoint({
  id: 'storageConfigs.list',
  method: 'GET',
  path: '/s3-configs',
  summary: 'The storage configs the caller may upload to',
  tag,
  access: 'file',
  reply: storageConfigListSchema,
  errors: [],
});

export const getStorageConfig = defineEndpoint({
  id: 'storageConfigs.get',
  method: 'GET',
  path: '/s3-configs/:id',
  summary: 'One storage config the caller may upload to',
  tag,
  access: 'file',
  params: idParams,
  reply: storageConfigSchema,
  errors: [NotFound, Forbidden],
});

export const createStorageConfig = defineEndpoint({
  id: 'storageConfigs.create',
  method: 'POST',
  path: '/s3-configs',
  summary: 'Add an S3-compatible storage; the secret is sealed and never returned',
  tag,
  access: 'admin',
  writes: true,
  body: createS3ConfigRequestSchema,
  reply: storageConfigSchema,
  status: 201,
  message: 'storage config created',
  errors: [ValidationFailed, BadRequest],
});

export const updateStorageConfig = defineEndpoint({
  id: 'storageConfigs.update',
  method: 'PUT',
  path: '/s3-configs/:id',
  summary: 'Change the fields sent; an omitted secret keeps the stored one',
  tag,
  access: 'admin',
  writes: true,
  params: idParams,
  body: updateStorageConfigRequestSchema,
  reply: storageConfigSchema,
  message: 'storage config updated',
  errors: [ValidationFailed, BadRequest, NotFound],
});

export const deleteStorageConfig = defineEndpoint({
  id: 'storageConfigs.delete',
  method: 'DELETE',
  path: '/s3-configs/:id',
  summary: 'Delete a storage config that no file or mount uses',
  tag,
  access: 'admin',
  writes: true,
  params: idParams,
  reply: storageConfigDeletedSchema,
  message: 'storage config deleted',
  errors: [NotFound, Conflict],
});

export const setDefaultStorageConfig = defineEndpoint({
  id: 'storageConfigs.setDefault',
  method: 'PUT',
  path: '/s3-configs/:id/set-default',
  summary: 'Make this config the default for uploads that name none',
  tag,
  access: 'admin',
  writes: true,
  params: idParams,
  reply: storageConfigSchema,
  message: 'default storage set',
  errors: [NotFound],
});

export const testStorageConfig = defineEndpoint({
  id: 'storageConfigs.test',
  method: 'POST',
  path: '/s3-configs/:id/test',
  summary:
    'Probe read, write, CORS (for the request’s Origin) and a browser-style presigned PUT, each reported on its own',
  tag,
  access: 'admin',
  writes: true,
  params: idParams,
  reply: storageTestResultSchema,
  errors: [NotFound],
});

export const applyStorageCors = defineEndpoint({
  id: 'storageConfigs.applyCors',
  method: 'POST',
  path: '/s3-configs/:id/apply-cors',
  summary: 'Put a CORS rule on the bucket that lets this origin PUT and read the ETag',
  tag,
  access: 'admin',
  writes: true,
  params: idParams,
  body: applyCorsRequestSchema,
  reply: applyCorsResponseSchema,
  message: 'CORS rule applied',
  errors: [ValidationFailed, BadRequest, NotFound],
});
