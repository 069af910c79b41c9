import type { Envelope } from '@shared/envelope';

const jsonHeaders = { 'content-type': 'application/json; charset=UTF-8' };

/** The only place a JSON response body is built: HTTP status always equals `code`. */
export function envelopeResponse<T>(
  status: number,
  message: string,
  data: T,
  headers: Record<string, string> = {},
): Response {
  const body: Envelope<T> = { code: status, message, data, success: status < 400 };
  return new Response(JSON.stringify(body), { status, headers: { ...jsonHeaders, ...headers } });
}

export function ok<T>(data: T, message = 'ok'): Response {
  return envelopeResponse(200, message, data);
}
