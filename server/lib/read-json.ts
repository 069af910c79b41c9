import type { HonoRequest } from 'hono';
import * as z from 'zod/mini';
import type { Schema } from '@shared/http/endpoint';
import { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

/** Reads a JSON body and parses it with a shared schema; a ZodError becomes a 400 upstream. An empty body is `{}`. */
export async function readJson<T extends Schema>(req: HonoRequest, schema: T): Promise<z.output<T>> {
  let body: unknown;
  const text = await req.text();
  // No body at all (a bare `POST admin/cache/clear`) is an empty object: fields it needs are named as missing.
  if (text.trim() === '') body = {};
  else
    try {
      body = JSON.parse(text);
    } catch (error) {
      if (error instanceof SyntaxError) throw new AppError(ErrorCode.BadRequest, 'request body must be valid JSON');
      throw error;
    }
  refuseUnknownFields(schema, body);
  return z.parse(schema, body, { error: requiredMessage });
}

/**
 * A field the body's schema does not know is refused with a 400 naming it (and the spelling that
 * is known, when it only differs in case or `_`), instead of being silently dropped: a paste sent
 * with `expires_at` would otherwise never expire.
 */
export function refuseUnknownFields(schema: Schema, body: unknown): void {
  const known = knownFieldsOf(schema);
  if (known === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length === 0) return;
  const squash = (name: string) => name.replaceAll('_', '').toLowerCase();
  const issues = unknown.slice(0, 10).map((field) => {
    const twin = known.find((name) => squash(name) === squash(field));
    return {
      path: field,
      message:
        twin === undefined
          ? 'is not a field of this request'
          : `is not a field of this request (did you mean ${twin}?)`,
    };
  });
  const first = issues[0];
  throw new AppError(
    ErrorCode.ValidationFailed,
    first === undefined ? 'unknown field' : `${first.path}: ${first.message}`,
    {
      issues,
    },
  );
}

/** The top-level fields of an object schema (looked for through pipes); undefined when it takes any. */
function knownFieldsOf(schema: Schema): string[] | undefined {
  const def = schema._zod.def;
  if (def.type === 'pipe' && 'in' in def) return knownFieldsOf(def.in as Schema);
  if (def.type !== 'object' || !('shape' in def)) return undefined;
  if ('catchall' in def && def.catchall !== undefined) return undefined;
  return Object.keys(def.shape as Record<string, unknown>);
}

/** Names a missing field plainly instead of "expected string, received undefined". */
function requiredMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type' || issue.input !== undefined || issue.path === undefined) return undefined;
  const field = issue.path.map(String).join('.');
  return field === '' ? 'a JSON body is required' : `${field} is required`;
}
