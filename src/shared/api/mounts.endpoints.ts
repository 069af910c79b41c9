// Mount points: admin CRUD under /admin/mounts, and the read-only view a key with mount
// permission gets under /user/mounts (only mounts its base path can see).
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { emptyDataSchema } from '@shared/envelope';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  createMountRequestSchema,
  mountListSchema,
  mountViewSchema,
  updateMountRequestSchema,
  userMountsQuerySchema,
} from './mount.schema';

const tag = 'mounts';
const idParams = z.object({ id: z.string().check(z.minLength(1)) });
const { ValidationFailed, BadRequest, NotFound, Conflict, Forbidden } = ErrorCode;

export const listMounts = defineEndpoint({
  id: 'mounts.admin.list',
  method: 'GET',
  path: '/admin/mounts',
  summary: 'Every mount point',
  tag,
  access: 'admin',
  reply: mountListSchema,
  errors: [],
});

export const createMount = defineEndpoint({
  id: 'mounts.admin.create',
  method: 'POST',
  path: '/admin/mounts',
  summary: 'Create a mount point on a storage config',
  tag,
  access: 'admin',
  body: createMountRequestSchema,
  reply: mountViewSchema,
  status: 201,
  message: 'mount created',
  errors: [ValidationFailed, BadRequest, Conflict],
});

export const getMount = defineEndpoint({
  id: 'mounts.admin.get',
  method: 'GET',
  path: '/admin/mounts/:id',
  summary: 'One mount point',
  tag,
  access: 'admin',
  params: idParams,
  reply: mountViewSchema,
  errors: [NotFound],
});

export const updateMount = defineEndpoint({
  id: 'mounts.admin.update',
  method: 'PUT',
  path: '/admin/mounts/:id',
  summary: 'Change the fields sent',
  tag,
  access: 'admin',
  params: idParams,
  body: updateMountRequestSchema,
  reply: mountViewSchema,
  message: 'mount updated',
  errors: [ValidationFailed, BadRequest, NotFound, Conflict],
});

export const deleteMount = defineEndpoint({
  id: 'mounts.admin.delete',
  method: 'DELETE',
  path: '/admin/mounts/:id',
  summary: 'Delete a mount point (the files in storage stay)',
  tag,
  access: 'admin',
  params: idParams,
  reply: emptyDataSchema,
  message: 'mount deleted',
  errors: [NotFound],
});

export const listVisibleMounts = defineEndpoint({
  id: 'mounts.user.list',
  method: 'GET',
  path: '/user/mounts',
  summary: "The active mounts the key's base path can see; ?path= narrows to those at, below or above it",
  tag,
  access: 'mount',
  query: userMountsQuerySchema,
  reply: mountListSchema,
  errors: [ValidationFailed, Forbidden],
});

export const getVisibleMount = defineEndpoint({
  id: 'mounts.user.get',
  method: 'GET',
  path: '/user/mounts/:id',
  summary: "One mount the key's base path can see; any other is reported missing",
  tag,
  access: 'mount',
  params: idParams,
  reply: mountViewSchema,
  errors: [NotFound],
});
