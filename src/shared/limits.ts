// Business constants shared by every side.
export const APP_NAME = 'Clipdock';
export const APP_VERSION = '0.6.9';

export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_UPLOAD_TIMEOUT_MS = 300_000;
export const AUTH_REVALIDATE_AFTER_MS = 300_000;
export const ADMIN_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** An upload not committed within this time is removed by the server's sweeper, and forgotten by the browser. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const SLUG_MAX_LENGTH = 50;
export const MOUNT_NAME_MAX_LENGTH = 50;
export const CACHE_TTL_MAX_SECONDS = 86_400;
export const CACHE_TTL_DEFAULT_SECONDS = 300;

export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
