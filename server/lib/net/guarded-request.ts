// A single HTTP exchange through the address guard, for the requests the server sends to storage
// endpoints (probes, and WebDAV uploads to presigned URLs): the body is sent (a stream is piped,
// never buffered), the answer's body discarded, and a redirect reported, never followed.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { guardedAgents, type AddressPolicy } from './address-guard';

/** `timeoutMs` is the longest the socket may stay idle. */
export type ProbeRequest = {
  method: string;
  headers?: Record<string, string>;
  body?: string | Readable;
  timeoutMs: number;
};
export type ProbeAnswer = { status: number; headers: IncomingHttpHeaders };

export function guardedRequest(
  url: URL,
  { method, headers = {}, body, timeoutMs }: ProbeRequest,
  policy: AddressPolicy,
): Promise<ProbeAnswer> {
  const agents = guardedAgents(policy);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = url.protocol === 'https:' ? agents.https : agents.http;
  return new Promise<ProbeAnswer>((resolve, reject) => {
    const req = send(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.host} within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (body === undefined || typeof body === 'string') req.end(body);
    else {
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    }
  }).finally(() => {
    agents.http.destroy();
    agents.https.destroy();
  });
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
