// A TCP port on 127.0.0.1 that nothing listens on right now, for the gateways the tests start.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address !== null && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
