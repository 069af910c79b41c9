// The SDK's report of a failed call reaches the server's log as one debug line naming the command,
// the error and the status: a missing object (the answer a HEAD often expects) is no error line,
// and nothing of the call's input (the object key) or the credentials is written.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@server/lib/logger';
import { createS3Client } from './s3-client';

describe('the storage client’s log', () => {
  const server = createServer((_request, response) => {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
  });
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes a failed call as a debug line without its input', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) });
    const client = createS3Client(
      {
        endpoint,
        region: 'us-east-1',
        bucket: 'b',
        accessKeyId: 'key-id-of-the-test',
        secretAccessKey: 'secret-of-the-test',
        forcePathStyle: true,
      },
      { logger },
    );
    await expect(client.send(new HeadObjectCommand({ Bucket: 'b', Key: 'private/name.txt' }))).rejects.toThrow();
    client.destroy();
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'debug',
        msg: 'storage call failed',
        command: 'HeadObjectCommand',
        status: 404,
      }),
    );
    const written = JSON.stringify(lines);
    for (const secret of ['private/name.txt', 'key-id-of-the-test', 'secret-of-the-test'])
      expect(written).not.toContain(secret);
  });
});
