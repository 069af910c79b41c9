// The OpenAPI 3.1 document, generated from the shared endpoint definitions with zod's own JSON
// Schema output (OpenAPI 3.1 speaks JSON Schema 2020-12), so it lists exactly what is served.
import { z } from 'zod';
import { errorEnvelopeSchema } from '@shared/envelope';
import { ErrorCode, httpStatusOf } from '@shared/errors';
import {
  isRawBody,
  isRawReply,
  type Access,
  type EndpointSpec,
  type RawBody,
  type Schema,
} from '@shared/http/endpoint';
import { APP_NAME, APP_VERSION } from '@shared/limits';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

function schemaOf(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

export const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

const security: Record<Access, Record<string, string[]>[]> = {
  public: [{}, { bearerAuth: [] }, { apiKeyAuth: [] }],
  signed: [{}],
  admin: [{ bearerAuth: [] }],
  apikey: [{ apiKeyAuth: [] }],
  text: [{ bearerAuth: [] }, { apiKeyAuth: [] }],
  file: [{ bearerAuth: [] }, { apiKeyAuth: [] }],
  mount: [{ bearerAuth: [] }, { apiKeyAuth: [] }],
};

const accessNote: Record<Access, string> = {
  public: 'Anyone.',
  signed: 'Holders of a signed link; the signature in the query is the credential.',
  admin: 'The admin only.',
  apikey: 'Any valid API key.',
  text: 'The admin, or an API key with text permission.',
  file: 'The admin, or an API key with file permission.',
  mount: 'The admin, or an API key with mount permission.',
};

/** The codes an endpoint may answer: its own, plus what its access level and inputs imply. */
export function answeredCodes(endpoint: EndpointSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.access !== 'public' && endpoint.access !== 'signed') {
    codes.add(ErrorCode.Unauthorized);
    if (endpoint.access !== 'apikey') codes.add(ErrorCode.TokenExpired);
    if (endpoint.access !== 'admin') codes.add(ErrorCode.ApiKeyInvalid);
    codes.add(ErrorCode.Forbidden);
  }
  if (endpoint.writes === true) codes.add(ErrorCode.Forbidden);
  if (
    endpoint.params !== undefined ||
    endpoint.query !== undefined ||
    (endpoint.body !== undefined && !isRawBody(endpoint.body))
  )
    codes.add(ErrorCode.ValidationFailed);
  if (endpoint.body !== undefined && endpoint.maxBodyBytes !== 'stream') codes.add(ErrorCode.PayloadTooLarge);
  codes.add(ErrorCode.Internal);
  return [...codes];
}

function parameters(endpoint: EndpointSpec): Operation[] {
  const out: Operation[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (schema === undefined) continue;
    const json = schemaOf(schema, 'input');
    const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json['required'] ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  if (endpoint.idempotent === true) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A retry with the same key (within 24 h) gets the first answer instead of a second change; another body with the same key is a 422.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return out;
}

function rawBodySchema(body: RawBody): JsonSchema {
  if (body.kind !== 'form') return { type: 'string', format: 'binary' };
  const fields = body.fields === undefined ? {} : schemaOf(body.fields, 'input');
  const properties = { ...((fields['properties'] ?? {}) as Record<string, JsonSchema>) };
  const required = [...((fields['required'] ?? []) as string[])];
  if (body.filePart !== undefined) {
    properties[body.filePart] = { type: 'string', format: 'binary' };
    required.push(body.filePart);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function requestBody(endpoint: EndpointSpec): Operation | undefined {
  const { body } = endpoint;
  if (body === undefined) return undefined;
  if (isRawBody(body))
    return {
      required: true,
      description: body.description,
      content: { [body.contentType]: { schema: rawBodySchema(body) } },
    };
  return { required: true, content: { 'application/json': { schema: schemaOf(body, 'input') } } };
}

function responses(endpoint: EndpointSpec): Operation {
  const out: Operation = {};
  const status = String(endpoint.status ?? 200);
  if (isRawReply(endpoint.reply)) {
    out[status] = {
      description: endpoint.reply.description,
      content: { [endpoint.reply.contentType]: { schema: { type: 'string' } } },
    };
  } else {
    const data = schemaOf(endpoint.reply, 'output');
    const envelope = {
      type: 'object',
      required: ['code', 'message', 'data', 'success'],
      properties: {
        code: { type: 'integer', const: Number(status) },
        message: { type: 'string' },
        data,
        success: { type: 'boolean', const: true },
      },
    };
    out[status] = { description: endpoint.message ?? 'ok', content: { 'application/json': { schema: envelope } } };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of answeredCodes(endpoint))
    byStatus.set(httpStatusOf[code], [...(byStatus.get(httpStatusOf[code]) ?? []), code]);
  if (endpoint.idempotent === true) byStatus.set(422, [ErrorCode.ValidationFailed]);
  for (const [code, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(code)] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  return out;
}

function operation(endpoint: EndpointSpec): Operation {
  const op: Operation = {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: accessNote[endpoint.access] + (endpoint.writes === true ? ' Read-only API keys are refused.' : ''),
    tags: [endpoint.tag],
    security: security[endpoint.access],
    responses: responses(endpoint),
  };
  const params = parameters(endpoint);
  if (params.length > 0) op['parameters'] = params;
  const body = requestBody(endpoint);
  if (body !== undefined) op['requestBody'] = body;
  return op;
}

export function openApiDocument(endpoints: readonly EndpointSpec[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    item[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${APP_NAME} API`,
      version: APP_VERSION,
      description:
        'Every JSON reply is the envelope {code, message, data, success}, with the HTTP status equal to code. Failures carry data.error, a stable error code.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(endpoints.map((e) => e.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The admin token from POST /api/admin/login.' },
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The value `ApiKey <key>`.' },
      },
      schemas: { ErrorEnvelope: schemaOf(errorEnvelopeSchema, 'output') },
    },
  };
}
