import { stopGateway } from '@tests/support/rgw-gateway';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_RGW_DIR;
  if (dir) await stopGateway(dir);
}
