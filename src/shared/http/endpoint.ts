// One definition per endpoint: method, path, inputs, reply, the error codes it may answer and who
// may call it. The server registers its routes from these, the browser and the transfer worker
// call through them, and the OpenAPI document is generated from them, so none of it can drift.
import type * as z from 'zod/mini';
import type { ErrorCode } from '@shared/errors';

/**
 * The schema types are zod's core ones, which its mini and classic builds both extend: the schemas
 * the start of every page loads are written with `zod/mini` (a fraction of classic's bytes and
 * construction time), the rest may use either.
 */
export type Schema = z.core.$ZodType;
export type ObjectSchema = z.core.$ZodObject;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call. `public`: anyone (the handler may still look at the caller); `admin`: the admin
 * only; `apikey`: every valid API key; `text` / `file` / `mount`: the admin or a key holding that
 * permission; `signed`: whoever holds a signed link (the signature in the query is the credential).
 */
export type Access = 'public' | 'admin' | 'apikey' | 'text' | 'file' | 'mount' | 'signed';

/** A body that is not JSON: a multipart form, raw bytes, or text. */
export type RawBody = {
  kind: 'form' | 'binary' | 'text';
  contentType: string;
  description: string;
  /** A form's text fields, parsed by the server with this schema. */
  fields?: ObjectSchema;
  /** The name of a form's file part. */
  filePart?: string;
};

/** A reply that is not the JSON envelope: a stream, plain text, or a redirect. */
export type RawReply = { kind: 'raw'; contentType: string; description: string };

export type EndpointSpec = {
  /** Stable operation id, `area.action`; also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Hono style, relative to /api: `/paste/:slug`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** A read-only API key is refused (403) before anything else happens. */
  writes?: boolean;
  params?: ObjectSchema;
  query?: ObjectSchema;
  body?: Schema | RawBody;
  reply: Schema | RawReply;
  /** The success status of an enveloped reply; 200 when unset. */
  status?: 200 | 201 | 202;
  /** Answered failures beyond the access ones (401/403), which the access level implies. */
  errors: readonly ErrorCode[];
  /** Honours an Idempotency-Key header: a retry gets the first answer, never a second change. */
  idempotent?: boolean;
  /** Chunk uploads get the long time-out; everything else the default one. */
  timeout?: 'default' | 'chunk';
  /** The request body cap; 64 KiB when unset; `stream` for bodies the handler streams itself. */
  maxBodyBytes?: number | 'stream';
  /** The envelope's message on success; `ok` when unset. */
  message?: string;
};

export function defineEndpoint<const E extends EndpointSpec>(endpoint: E): E {
  return endpoint;
}

type SchemaOf<T> = T extends Schema ? T : never;

export type ParamsOf<E extends EndpointSpec> = E['params'] extends ObjectSchema ? z.input<E['params']> : undefined;
export type QueryOf<E extends EndpointSpec> = E['query'] extends ObjectSchema ? z.input<E['query']> : undefined;
export type BodyOf<E extends EndpointSpec> = E['body'] extends Schema
  ? z.input<SchemaOf<E['body']>>
  : E['body'] extends RawBody
    ? BodyInit
    : undefined;
/** What the client gets after parsing. */
export type ReplyOf<E extends EndpointSpec> = E['reply'] extends Schema ? z.output<SchemaOf<E['reply']>> : never;
/** What the server may hand back (before the client applies defaults). */
export type ReplyInputOf<E extends EndpointSpec> = E['reply'] extends Schema ? z.input<SchemaOf<E['reply']>> : never;

export function isRawBody(body: EndpointSpec['body']): body is RawBody {
  return body !== undefined && !('_zod' in body);
}

export function isRawReply(reply: EndpointSpec['reply']): reply is RawReply {
  return !('_zod' in reply);
}

/** Fills `:name` segments from `params`, each percent-encoded. */
export function endpointPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`path parameter "${name}" is missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

type QueryValue = string | number | boolean | null | undefined;

function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

/** An endpoint's address under `baseUrl`: its path filled from `params`, then `query`'s set values. */
export function endpointAddress(
  baseUrl: string,
  endpoint: Pick<EndpointSpec, 'path'>,
  { params, query }: { params?: unknown; query?: unknown },
): string {
  const path = endpointPath(endpoint.path, params as Record<string, string | number> | undefined);
  return `${baseUrl.replace(/\/+$/, '')}${path}${queryString(query as Record<string, QueryValue> | undefined)}`;
}
