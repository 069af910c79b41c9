// A GET that shows the bytes as they cross the wire: fetch would decode a compressed body and
// add its own Accept-Encoding, so the compression tests use node:http directly.
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type RawResponse = { status: number; headers: IncomingHttpHeaders; wire: Buffer; decoded: Buffer };

export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, decoded });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
