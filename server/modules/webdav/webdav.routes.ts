// /dav and everything below it: the mount tree over WebDAV (class 1 and 2), one more door into the
// explorer's file system. Every request authenticates on its own (webdav-auth.ts); answers are
// WebDAV's (207 multistatus, 423 Locked, bare statuses with a short text), not the API envelope.
import { Hono, type Context } from 'hono';
import { ErrorCode, httpStatusOf } from '@shared/errors';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/app-error';
import type { Logger } from '@server/lib/logger';
import { WebdavChallenge, type WebdavAuth } from './webdav-auth';
import { LockedError, timeoutOf, type LockDepth, type LockScope, type WebdavLocks } from './webdav-locks';
import type { DavRequest, WebdavMethods } from './webdav-methods';
import { canonicalOf, DAV_ROOT, hrefOf, rawPathOf } from './webdav-paths';
import { activeLock, xmlHead, type WebdavProps } from './webdav-props';
import { child, children, DAV, escapeXml, innerXml, parseXml } from './webdav-xml';

export type WebdavRouteDeps = {
  auth: WebdavAuth;
  methods: WebdavMethods;
  props: WebdavProps;
  locks: WebdavLocks;
  logger: Logger;
};

const allow = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK';
const maxXmlBytes = 1024 * 1024;
const realm = 'Basic realm="Clipdock WebDAV", charset="UTF-8"';
const xmlType = 'application/xml; charset=utf-8';

export function webdavRoutes(deps: WebdavRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const handle = async (c: Context<AppEnv>) => {
    try {
      return withDavHeaders(await dispatch(c, deps));
    } catch (error) {
      return withDavHeaders(failure(error, c, deps.logger));
    }
  };
  app.all(DAV_ROOT, handle);
  app.all(`${DAV_ROOT}/*`, handle);
  return app;
}

async function dispatch(c: Context<AppEnv>, { auth, methods, props, locks }: WebdavRouteDeps): Promise<Response> {
  const method = c.req.method.toUpperCase();
  // OPTIONS says what the server speaks; clients ask before they have credentials.
  if (method === 'OPTIONS') return new Response(null, { status: 200, headers: { allow, 'content-length': '0' } });
  const caller = await auth.caller(c);
  // A fragment is the client's business; one sent on the wire would otherwise be silently dropped.
  if (c.env.incoming.url?.includes('#') === true)
    throw new AppError(ErrorCode.BadRequest, 'the request URI holds a fragment (#)');
  const raw = rawPathOf(new URL(c.req.url).pathname);
  const req: DavRequest = { c, caller, path: canonicalOf(raw), folder: raw.length > 1 && raw.endsWith('/') };
  switch (method) {
    case 'GET':
    case 'HEAD':
      return methods.get(req, method === 'HEAD');
    case 'PUT':
      return closingOnError(c, () => methods.put(req));
    case 'DELETE':
      return methods.delete(req);
    case 'MKCOL':
      return methods.mkcol(req);
    case 'COPY':
    case 'MOVE':
      return methods.copyOrMove(req, method === 'MOVE');
    case 'PROPFIND': {
      const depth = (c.req.header('depth') ?? 'infinity').toLowerCase();
      if (depth !== '0' && depth !== '1') {
        const body = `${xmlHead}<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>`;
        return new Response(body, { status: 403, headers: { 'content-type': xmlType } });
      }
      return xml(207, await props.propfind(caller, req.path, depth, await readXml(c)));
    }
    case 'PROPPATCH': {
      const found = await methods.find(caller, req.path);
      if (found === null) throw new AppError(ErrorCode.NotFound, 'file or folder not found');
      if (found.entry.canWrite !== true) throw new AppError(ErrorCode.Forbidden, 'you cannot change this resource');
      const body = await readXml(c);
      await methods.checkWrite(req, [{ path: req.path }]);
      return xml(207, await props.proppatch(req.path, found.collection, body));
    }
    case 'LOCK':
      return lock(req, methods, locks);
    case 'UNLOCK': {
      const token = /^<(.+)>$/.exec(c.req.header('lock-token')?.trim() ?? '')?.[1];
      if (token === undefined) throw new AppError(ErrorCode.BadRequest, 'a Lock-Token header is required');
      await locks.unlock(caller, req.path, token);
      return new Response(null, { status: 204 });
    }
    default:
      return new Response(null, { status: 405, headers: { allow } });
  }
}

/** LOCK: a new lock (taking an unmapped URL creates an empty file, 201) or, without a body, a refresh. */
async function lock(req: DavRequest, methods: WebdavMethods, locks: WebdavLocks): Promise<Response> {
  const { c, caller, path } = req;
  const timeoutSeconds = timeoutOf(c.req.header('timeout'));
  const body = await readXml(c);
  if (body.trim() === '') {
    const refreshed = await locks.refresh(caller, c.req.header('if'), path, timeoutSeconds);
    return xml(200, lockAnswer(refreshed.map((row) => activeLock(row, timeoutSeconds)).join('')));
  }
  const info = parseXml(body);
  if (info.ns !== DAV || info.name !== 'lockinfo')
    throw new AppError(ErrorCode.BadRequest, 'the body must be a DAV:lockinfo');
  const scopeElement = child(info, DAV, 'lockscope');
  const scope: LockScope | undefined =
    scopeElement === undefined
      ? undefined
      : children(scopeElement, DAV).find((e) => e.name === 'exclusive' || e.name === 'shared')?.name === 'shared'
        ? 'shared'
        : 'exclusive';
  const typeElement = child(info, DAV, 'locktype');
  if (scope === undefined || typeElement === undefined || child(typeElement, DAV, 'write') === undefined)
    throw new AppError(ErrorCode.BadRequest, 'only write locks, exclusive or shared, are supported');
  const depthHeader = (c.req.header('depth') ?? 'infinity').toLowerCase();
  if (depthHeader !== '0' && depthHeader !== 'infinity')
    throw new AppError(ErrorCode.BadRequest, 'a lock has Depth 0 or infinity');
  const ownerElement = child(info, DAV, 'owner');
  const owner = ownerElement === undefined ? null : innerXml(ownerElement);

  let created = false;
  const found = await methods.find(caller, path);
  if (found === null) {
    await methods.checkWrite(req, [{ path, membership: true }]);
    await methods.createEmpty(req);
    created = true;
  } else if (found.entry.canWrite !== true) {
    throw new AppError(ErrorCode.Forbidden, 'you cannot lock this resource');
  }
  const depth: LockDepth = depthHeader === '0' ? '0' : 'infinity';
  const row = await locks.lock(caller, path, { scope, depth, owner, timeoutSeconds });
  const answer = xml(created ? 201 : 200, lockAnswer(activeLock(row, timeoutSeconds)));
  answer.headers.set('lock-token', `<${row.token}>`);
  return answer;
}

function lockAnswer(activeLocks: string): string {
  return `${xmlHead}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLocks}</D:lockdiscovery></D:prop>`;
}

function xml(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': xmlType } });
}

/** An XML request body, read whole up to 1 MiB (bodies of PUT are never read this way). */
async function readXml(c: Context<AppEnv>): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of c.env.incoming) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += bytes.length;
    if (total > maxXmlBytes) throw new AppError(ErrorCode.PayloadTooLarge, 'the XML body is larger than 1 MiB');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A small body left unread when a PUT is refused is read away, so the answer is not lost to a reset. */
const drainBytes = 64 * 1024;

/**
 * A refused streamed body is not read to its end: the connection closes after the answer. A small
 * declared body is read away first (closing on unread bytes resets the connection, and the client
 * may lose the answer).
 */
async function closingOnError<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const incoming = c.env.incoming;
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (!incoming.readableDidRead && !incoming.readableEnded && declared <= drainBytes) {
      await new Promise<void>((resolve) => {
        incoming
          .once('end', resolve)
          .once('close', resolve)
          .once('error', () => resolve());
        incoming.resume();
      });
    } else if (!incoming.readableEnded) {
      c.env.outgoing.setHeader('connection', 'close');
    }
    throw error;
  }
}

function withDavHeaders(response: Response): Response {
  response.headers.set('dav', '1, 2');
  response.headers.set('ms-author-via', 'DAV');
  return response;
}

/** An error as WebDAV clients expect it: the status, a Basic challenge on 401, a short text. */
function failure(error: unknown, c: Context<AppEnv>, logger: Logger): Response {
  if (error instanceof WebdavChallenge) {
    return new Response(`${error.message}\n`, {
      status: 401,
      headers: { 'www-authenticate': realm, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (error instanceof LockedError) {
    const body = `${xmlHead}<D:error xmlns:D="DAV:"><D:lock-token-submitted><D:href>${escapeXml(hrefOf(error.lockPath, false))}</D:href></D:lock-token-submitted></D:error>`;
    return new Response(body, { status: 423, headers: { 'content-type': xmlType } });
  }
  if (error instanceof AppError) {
    let status = error.details.status ?? httpStatusOf[error.code];
    // The explorer's "not inside a mount" and "a mount's root" refusals are a 403 here: WebDAV has no field errors.
    if (error.code === ErrorCode.BadRequest && /mount/.test(error.message)) status = 403;
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
    if (error.details.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.details.retryAfterSeconds);
    if (status === 401) headers['www-authenticate'] = realm;
    return new Response(`${error.message}\n`, { status, headers });
  }
  logger.error('webdav request failed', {
    reqId: c.get('reqId'),
    method: c.req.method,
    error: error instanceof Error ? error.message : String(error),
  });
  return new Response('internal error\n', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
