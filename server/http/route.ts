// Registers a Hono route from its shared endpoint definition. Order per request: the access
// check (so an anonymous caller never learns which fields a body needs), the read-only check for
// writes, the body cap, then params, query and body parsed with the shared schemas; the handler's
// plain value becomes the envelope with the endpoint's status.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { isRawBody, type Access, type EndpointSpec, type ReplyInputOf, type Schema } from '@shared/http/endpoint';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/app-error';
import { envelopeResponse } from '@server/lib/envelope';
import { readJson } from '@server/lib/read-json';
import { refuseNul } from '@server/lib/refuse-nul';
import { requireAdmin, requireAdminOrKeyPermission, requireApiKey } from '@server/modules/auth/auth-guard';
import type { AdminAuth, ApiKeyAuth, Auth } from '@server/modules/auth/auth.types';
import {
  hashRequestBody,
  IDEMPOTENCY_HEADER,
  parseIdempotencyKey,
  type IdempotentRequest,
} from '@server/modules/idempotency/idempotency.service';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export type CallerOf<A extends Access> = A extends 'admin'
  ? AdminAuth
  : A extends 'apikey'
    ? ApiKeyAuth
    : A extends 'text' | 'file' | 'mount'
      ? AdminAuth | ApiKeyAuth
      : Auth;

type Parsed<T> = T extends Schema ? z.output<T> : undefined;

export type RouteInput<E extends EndpointSpec> = {
  auth: CallerOf<E['access']>;
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  /** The parsed JSON body; raw bodies are read by the handler from `c`. */
  body: E['body'] extends Schema ? z.output<E['body']> : undefined;
  /**
   * For an endpoint marked `idempotent`, the Idempotency-Key sent (if any) with the SHA-256 of the
   * raw body, scoped to the operation, the caller and the path; the handler passes it to
   * `IdempotencyStore.once` so a replayed request (the offline queue) changes nothing twice.
   */
  idempotent: IdempotentRequest | undefined;
  c: Context<AppEnv>;
};

export type RouteHandler<E extends EndpointSpec> = (
  input: RouteInput<E>,
) => Promise<ReplyInputOf<E> | Response> | ReplyInputOf<E> | Response;

export type RouteOptions<E extends EndpointSpec> = {
  /** Reads the body instead of the JSON parser (a route that also takes text/plain). */
  readBody?: (c: Context<AppEnv>) => Promise<RouteInput<E>['body']>;
};

function authorise(access: Access, auth: Auth): Auth {
  switch (access) {
    case 'admin':
      return requireAdmin(auth);
    case 'apikey':
      return requireApiKey(auth);
    case 'text':
    case 'file':
    case 'mount':
      return requireAdminOrKeyPermission(auth, access);
    case 'public':
    case 'signed':
      return auth;
  }
}

/**
 * The body cap. A body with a Content-Length (and no Transfer-Encoding) is judged from the Node
 * request's headers alone, so no Web Request is built for it; a chunked body is counted as it is
 * read, by Hono's bodyLimit.
 */
function limitOf(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () =>
    new AppError(ErrorCode.PayloadTooLarge, `request body is larger than the ${Math.round(maxBytes / 1024)} KiB limit`);
  const counted = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    const { headers } = c.env.incoming;
    const length = headers['content-length'];
    if (length === undefined || headers['transfer-encoding'] !== undefined) return counted(c, next);
    if (Number.parseInt(length, 10) > maxBytes) throw tooLarge();
    return next();
  };
}

/** Whose answers a key may replay: the admin, one API key, or anonymous callers. */
function callerTag(auth: Auth): string {
  if (auth.kind === 'admin') return `admin:${auth.adminId}`;
  if (auth.kind === 'apikey') return `apikey:${auth.keyId}`;
  return 'guest';
}

/** Reads the header and hashes the raw body once; Hono keeps the body for the JSON parser. */
async function idempotentRequestOf(
  endpoint: EndpointSpec,
  auth: Auth,
  c: Context<AppEnv>,
): Promise<IdempotentRequest | undefined> {
  if (endpoint.idempotent !== true) return undefined;
  const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  if (key === undefined) return undefined;
  return {
    scope: `${endpoint.id}:${callerTag(auth)}:${c.req.path}`,
    key,
    bodyHash: hashRequestBody(await c.req.arrayBuffer()),
  };
}

export function route<E extends EndpointSpec>(
  app: Hono<AppEnv>,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions<E> = {},
): void {
  const limit =
    endpoint.maxBodyBytes === 'stream' || endpoint.method === 'GET'
      ? undefined
      : limitOf(endpoint.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES);
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const auth = authorise(endpoint.access, c.get('auth'));
    if (endpoint.writes === true && auth.kind === 'apikey' && auth.readOnly) {
      throw new AppError(ErrorCode.Forbidden, 'this API key is read-only');
    }
    await next();
  };
  const run = async (c: Context<AppEnv>): Promise<Response> => {
    const auth = c.get('auth') as CallerOf<E['access']>;
    const params = (endpoint.params === undefined ? undefined : z.parse(endpoint.params, c.req.param())) as Parsed<
      E['params']
    >;
    const query = (endpoint.query === undefined ? undefined : z.parse(endpoint.query, c.req.query())) as Parsed<
      E['query']
    >;
    refuseNul(params, 'params');
    refuseNul(query, 'query');
    const idempotent = await idempotentRequestOf(endpoint, auth, c);
    let body: RouteInput<E>['body'] | undefined;
    if (options.readBody !== undefined) body = await options.readBody(c);
    else if (endpoint.body !== undefined && !isRawBody(endpoint.body))
      body = (await readJson(c.req, endpoint.body)) as RouteInput<E>['body'];
    refuseNul(body, 'body');
    const result = await handler({ auth, params, query, body: body as RouteInput<E>['body'], idempotent, c });
    if (result instanceof Response) return result;
    return envelopeResponse(endpoint.status ?? 200, endpoint.message ?? 'ok', result);
  };
  const middleware = limit === undefined ? [guard] : [guard, limit];
  app.on(endpoint.method, [endpoint.path], ...middleware, run);
}
