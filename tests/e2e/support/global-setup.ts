// Starts radosgw once for the whole end-to-end run and hands its address to the tests (and to
// global-teardown.ts) through environment variables.
import { startRgw } from './rgw-setup';

export default async function globalSetup(): Promise<void> {
  const rgw = await startRgw();
  process.env.E2E_RGW_ENDPOINT = rgw.endpoint;
  process.env.E2E_RGW_ACCESS_KEY = rgw.accessKeyId;
  process.env.E2E_RGW_SECRET_KEY = rgw.secretAccessKey;
  process.env.E2E_RGW_BUCKET = rgw.bucket;
  process.env.E2E_RGW_DIR = rgw.dir;
}
