// Slug rules shared by the server and the UI: a custom slug becomes part of a public URL, so it
// may not shadow an app route or a system word (compared case-insensitively).
import * as z from 'zod/mini';
import { SLUG_MAX_LENGTH } from './limits';

export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'upload',
  'paste',
  'pastes',
  'file',
  'files',
  'raw',
  'mount-explorer',
  'assets',
  'static',
  'public',
  'user',
  'auth',
  'login',
  'logout',
  'dav',
  'webdav',
  'sw',
  'manifest',
  'index',
  'health',
  'version',
  'settings',
  'system',
  'share',
  'download',
  'preview',
  'favicon',
  'robots',
  'offline',
  'new',
  'edit',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

export const customSlugSchema = z.string().check(
  z.minLength(1, 'slug must be 1 to 50 characters'),
  z.maxLength(SLUG_MAX_LENGTH, `slug must be 1 to ${SLUG_MAX_LENGTH} characters`),
  z.regex(SLUG_PATTERN, 'slug may only contain letters, digits, - and _'),
  z.refine((slug) => !isReservedSlug(slug), { message: 'slug is a reserved word' }),
);
