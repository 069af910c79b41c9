// The only place a JSON response body is built. The envelope is written around the data's JSON
// by hand (same keys, same order as JSON.stringify of the object) with a shared header object,
// and carries its Content-Length, so compression can pass small answers without reading them.
const jsonType = 'application/json; charset=UTF-8';

/** The envelope's JSON text: `{code, message, data, success}`, `data` left out when undefined. */
export function envelopeJson(status: number, message: string, data: unknown): string {
  const json: string | undefined = JSON.stringify(data);
  const success = status < 400 ? 'true' : 'false';
  const head = `{"code":${status},"message":${JSON.stringify(message)}`;
  return json === undefined ? `${head},"success":${success}}` : `${head},"data":${json},"success":${success}}`;
}

/** HTTP status always equals `code`. */
export function envelopeResponse<T>(
  status: number,
  message: string,
  data: T,
  headers: Record<string, string> = {},
): Response {
  const body = envelopeJson(status, message, data);
  return new Response(body, {
    status,
    headers: { 'content-type': jsonType, 'content-length': String(Buffer.byteLength(body)), ...headers },
  });
}

export function ok<T>(data: T, message = 'ok'): Response {
  return envelopeResponse(200, message, data);
}
