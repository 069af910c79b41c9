import type { RgwInfo } from './rgw-setup';

/** The gateway global-setup.ts started, read back in a test worker. */
export function rgwFromEnv(): Omit<RgwInfo, 'dir'> {
  const { E2E_RGW_ENDPOINT, E2E_RGW_ACCESS_KEY, E2E_RGW_SECRET_KEY, E2E_RGW_BUCKET } = process.env;
  if (!E2E_RGW_ENDPOINT || !E2E_RGW_ACCESS_KEY || !E2E_RGW_SECRET_KEY || !E2E_RGW_BUCKET)
    throw new Error('radosgw was not started by global setup');
  return {
    endpoint: E2E_RGW_ENDPOINT,
    accessKeyId: E2E_RGW_ACCESS_KEY,
    secretAccessKey: E2E_RGW_SECRET_KEY,
    bucket: E2E_RGW_BUCKET,
  };
}
