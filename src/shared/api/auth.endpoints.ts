// The admin session (login, logout, the token check, the account change) and the API-key check.
// Login and the account change carry passwords only, so their bodies are capped at 16 KiB.
import { ErrorCode } from '@shared/errors';
import { emptyDataSchema } from '@shared/envelope';
import { defineEndpoint } from '@shared/http/endpoint';
import {
  adminTokenCheckSchema,
  apiKeyCheckSchema,
  changePasswordRequestSchema,
  changePasswordResultSchema,
  loginRequestSchema,
  loginResponseSchema,
} from './auth.schema';

const tag = 'auth';
const credentialBodyBytes = 16 * 1024;
const { ValidationFailed, BadRequest, InvalidCredentials, WrongPassword, Conflict, RateLimited } = ErrorCode;

export const adminLogin = defineEndpoint({
  id: 'auth.login',
  method: 'POST',
  path: '/admin/login',
  summary: 'Log in as the admin; the token lasts 24 hours',
  tag,
  access: 'public',
  body: loginRequestSchema,
  reply: loginResponseSchema,
  message: 'logged in',
  errors: [ValidationFailed, BadRequest, InvalidCredentials, RateLimited],
  maxBodyBytes: credentialBodyBytes,
});

export const adminLogout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  path: '/admin/logout',
  summary: 'End the session of the token sent',
  tag,
  access: 'admin',
  reply: emptyDataSchema,
  message: 'logged out',
  errors: [],
});

export const changeAdminPassword = defineEndpoint({
  id: 'auth.changePassword',
  method: 'POST',
  path: '/admin/change-password',
  summary: 'Rename the admin or change the password; every session ends, this one included',
  tag,
  access: 'admin',
  body: changePasswordRequestSchema,
  reply: changePasswordResultSchema,
  message: 'credentials changed, please log in again',
  errors: [ValidationFailed, BadRequest, WrongPassword, Conflict, RateLimited],
  maxBodyBytes: credentialBodyBytes,
});

export const checkAdminToken = defineEndpoint({
  id: 'auth.checkAdminToken',
  method: 'GET',
  path: '/test/admin-token',
  summary: 'Whether the admin token sent is still valid, and whose it is',
  tag,
  access: 'admin',
  reply: adminTokenCheckSchema,
  message: 'token valid',
  errors: [],
});

export const checkApiKey = defineEndpoint({
  id: 'auth.checkApiKey',
  method: 'GET',
  path: '/test/api-key',
  summary: 'Whether the API key sent is valid, with its permissions and base path',
  tag,
  access: 'apikey',
  reply: apiKeyCheckSchema,
  message: 'API key valid',
  errors: [RateLimited],
});
