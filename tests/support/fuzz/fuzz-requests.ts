// Malformed requests built from the server's own OpenAPI document (every documented operation)
// and for WebDAV under /dav: hostile path segments and query values, bodies of the wrong type,
// broken JSON, multipart forms with bad boundaries and names, broken and deeply nested XML, and
// nonsense in the headers WebDAV reads.
import { brokenJsonBodies, chance, hostileString, hostileValue, pick, type Rng } from './hostile-values';

export type FuzzRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The operation it targets, e.g. `POST /api/paste`, for the report. */
  target: string;
};

type JsonSchema = { properties?: Record<string, unknown> };
type Parameter = { name: string; in: string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type ApiTarget = {
  method: string;
  template: string;
  pathParams: string[];
  queryParams: string[];
  contentType: string | undefined;
  fields: string[];
};

export function apiTargets(document: OpenApiDocument): ApiTarget[] {
  const targets: ApiTarget[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      const schema = contentType === undefined ? undefined : content[contentType]?.schema;
      targets.push({
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        contentType,
        fields: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return targets;
}

/** Percent-encoded; a lone surrogate, which has no UTF-8, goes as the bytes of its invalid encoding. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function fuzzQuery(rng: Rng, names: readonly string[]): string {
  const pairs: string[] = [];
  for (const name of names) {
    if (chance(rng, 0.7)) pairs.push(`${enc(name)}=${enc(String(hostileValue(rng)))}`);
    if (chance(rng, 0.1)) pairs.push(`${enc(name)}=${enc(hostileString(rng))}`);
  }
  if (chance(rng, 0.2)) pairs.push(`${enc(hostileString(rng).slice(0, 30))}=${enc(hostileString(rng))}`);
  if (chance(rng, 0.05)) pairs.push('%zz=%', 'a=%E0%A4%A', '=');
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

function fuzzObject(rng: Rng, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) if (chance(rng, 0.6)) body[field] = hostileValue(rng);
  if (chance(rng, 0.2)) body[hostileString(rng).slice(0, 30)] = hostileValue(rng);
  return body;
}

const jsonTypes = ['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/xml', ''];

function jsonBody(rng: Rng, fields: readonly string[]): { body: string; type: string } {
  const type = chance(rng, 0.8) ? 'application/json' : pick(rng, jsonTypes);
  const roll = rng();
  if (roll < 0.55) return { body: JSON.stringify(fuzzObject(rng, fields)), type };
  if (roll < 0.8) return { body: pick(rng, brokenJsonBodies), type };
  return { body: JSON.stringify(hostileValue(rng)), type };
}

function multipartBody(rng: Rng, fields: readonly string[]): { body: Buffer; type: string } {
  const boundary = `fuzz${Math.floor(rng() * 1e9)}`;
  const names = [...fields, 'file', 'path', 'slug', hostileString(rng).slice(0, 40)];
  const parts: string[] = [];
  for (let i = 0; i < 1 + Math.floor(rng() * 4); i += 1) {
    const name = pick(rng, names).replaceAll('"', '%22');
    const filename = chance(rng, 0.5) ? `; filename="${hostileString(rng).slice(0, 300).replaceAll('"', '%22')}"` : '';
    const star = chance(rng, 0.15) ? `; filename*=UTF-8''${enc(hostileString(rng).slice(0, 100))}` : '';
    const type = chance(rng, 0.5)
      ? `\r\nContent-Type: ${pick(rng, ['application/octet-stream', 'text/plain', 'image/svg+xml', ''])}`
      : '';
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename}${star}${type}\r\n\r\n${hostileString(rng)}\r\n`,
    );
  }
  const end = pick(rng, [`--${boundary}--\r\n`, `--${boundary}--\r\n`, '', `--other--\r\n`, `--${boundary}`]);
  const typeHeader = pick(rng, [
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    `multipart/form-data; boundary="${boundary}"; charset=utf-8`,
    'multipart/form-data; boundary=',
    'application/json',
  ]);
  return { body: Buffer.from(parts.join('') + end), type: typeHeader };
}

export function apiRequest(rng: Rng, target: ApiTarget, auth: Record<string, string>): FuzzRequest {
  let path = target.template;
  for (const name of target.pathParams) {
    const value = chance(rng, 0.15) ? pick(rng, ['..', '%2e%2e', 'a/b', '%00', '%']) : enc(hostileString(rng));
    path = path.replace(`{${name}}`, value);
  }
  path += fuzzQuery(rng, target.queryParams);
  const headers: Record<string, string> = { ...auth };
  if (chance(rng, 0.1)) headers['idempotency-key'] = hostileString(rng).slice(0, 500);
  const request: FuzzRequest = { method: target.method, path, headers, target: `${target.method} ${target.template}` };
  if (target.method === 'GET' || target.method === 'DELETE' || target.method === 'HEAD') {
    if (chance(rng, 0.05)) request.body = pick(rng, brokenJsonBodies);
    return request;
  }
  if (target.contentType === 'multipart/form-data' || (target.contentType === undefined && chance(rng, 0.2))) {
    const { body, type } = multipartBody(rng, target.fields);
    headers['content-type'] = type;
    request.body = body;
  } else if (target.contentType === undefined || target.contentType === 'application/json') {
    const { body, type } = jsonBody(rng, target.fields);
    if (type !== '') headers['content-type'] = type;
    request.body = body;
  } else {
    headers['content-type'] = target.contentType;
    request.body = chance(rng, 0.5) ? hostileString(rng) : Buffer.alloc(Math.floor(rng() * 70_000), 7);
  }
  return request;
}

const davMethods = [
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'OPTIONS',
];

const xmlBodies: readonly string[] = [
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>',
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getlastmodified/><X:y xmlns:X="urn:x"/></D:prop></D:propfind>',
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>fuzz</D:owner></D:lockinfo>',
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><Z:big xmlns:Z="urn:z">${'v'.repeat(100_000)}</Z:big></D:prop></D:set></D:propertyupdate>`,
  '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:remove><D:prop><D:displayname/></D:prop></D:remove></D:propertyupdate>',
  '<<<not xml',
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:">',
  '<a xmlns="">',
  `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`,
  '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><D:propfind xmlns:D="DAV:"><D:prop>&c;</D:prop></D:propfind>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:prop>&e;</D:prop></D:propfind>',
  '',
];

function davHeaders(rng: Rng, baseUrl: string, mounts: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (chance(rng, 0.5)) headers.depth = pick(rng, ['0', '1', 'infinity', '2', '-1', '', 'Infinity ']);
  if (chance(rng, 0.4)) {
    headers.destination = pick(rng, [
      `${baseUrl}/dav${pick(rng, mounts)}/${enc(hostileString(rng))}`,
      'http://elsewhere.example/dav/x',
      '/dav/../../x',
      'not a url',
      '',
      `${baseUrl}/dav/`,
    ]);
  }
  if (chance(rng, 0.2)) headers.overwrite = pick(rng, ['T', 'F', 'X', '']);
  if (chance(rng, 0.25)) {
    headers.if = pick(rng, [
      '(<opaquelocktoken:nope>)',
      `<${baseUrl}/dav/other> (<urn:uuid:x>)`,
      '(',
      '(Not <DAV:no-lock>)',
      hostileString(rng),
    ]);
  }
  if (chance(rng, 0.2)) headers.timeout = pick(rng, ['Second-1', 'Infinite', 'Second-99999999999999999', 'garbage']);
  if (chance(rng, 0.1)) headers['lock-token'] = pick(rng, ['<x>', 'x', '', '<opaquelocktoken:1>']);
  if (chance(rng, 0.1)) headers['x-expected-entity-length'] = pick(rng, ['-1', '1e30', '999999999999999', 'x']);
  if (chance(rng, 0.1)) headers['content-range'] = pick(rng, ['bytes 0-0/1', 'bytes */*', 'junk']);
  return headers;
}

export function davRequest(
  rng: Rng,
  baseUrl: string,
  mounts: readonly string[],
  auth: Record<string, string>,
): FuzzRequest {
  const segments = Array.from({ length: Math.floor(rng() * 3) }, () =>
    chance(rng, 0.2) ? pick(rng, ['..', '%2e%2e', '%00', '%', 'a%2fb']) : enc(hostileString(rng)),
  );
  const path = `/dav${chance(rng, 0.85) ? pick(rng, mounts) : ''}/${segments.join('/')}`;
  const method = pick(rng, davMethods);
  const headers = { ...auth, ...davHeaders(rng, baseUrl, mounts) };
  const request: FuzzRequest = { method, path, headers, target: `${method} /dav` };
  if (method === 'PUT')
    request.body = chance(rng, 0.5) ? hostileString(rng) : Buffer.alloc(Math.floor(rng() * 70_000), 1);
  else if (chance(rng, 0.8)) {
    request.body = pick(rng, xmlBodies);
    headers['content-type'] = pick(rng, ['application/xml', 'text/xml; charset=utf-8', 'text/plain']);
  }
  return request;
}
