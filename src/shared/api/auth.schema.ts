import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@shared/limits';

const username = z.string().check(z.trim(), z.minLength(1, 'username is required'), z.maxLength(USERNAME_MAX_LENGTH));

export const loginRequestSchema = z.object({
  username,
  password: z.string().check(z.minLength(1, 'password is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  username: z.string(),
  token: z.string().check(z.minLength(1)),
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'currentPassword is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
    newPassword: z.optional(
      z
        .string()
        .check(
          z.minLength(PASSWORD_MIN_LENGTH, `newPassword needs at least ${PASSWORD_MIN_LENGTH} characters`),
          z.maxLength(PASSWORD_MAX_LENGTH),
        ),
    ),
    newUsername: z.optional(username),
  })
  .check(
    z.refine((v) => v.newPassword !== undefined || v.newUsername !== undefined, {
      message: 'newUsername or newPassword is required',
      path: ['newPassword'],
    }),
  );
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The account after a change; every session, the caller's included, has ended. */
export const changePasswordResultSchema = z.object({ username: z.string() });
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

/** GET /test/admin-token: the token is valid and belongs to this admin. */
export const adminTokenCheckSchema = z.object({ username: z.string() });
export type AdminTokenCheck = z.infer<typeof adminTokenCheckSchema>;

export const apiKeyPermissionsSchema = z.object({
  text: z.boolean(),
  file: z.boolean(),
  mount: z.boolean(),
});
export type ApiKeyPermissions = z.infer<typeof apiKeyPermissionsSchema>;

export const apiKeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  basic_path: z.string(),
  read_only: z.boolean(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

export const apiKeyCheckSchema = z.object({
  name: z.string(),
  basic_path: z.string(),
  permissions: apiKeyPermissionsSchema,
  key_info: apiKeyInfoSchema,
});
export type ApiKeyCheck = z.infer<typeof apiKeyCheckSchema>;
