import type { HonoRequest } from 'hono';
import * as z from 'zod/mini';
import type { Schema } from '@shared/http/endpoint';
import { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

/** Reads a JSON body and parses it with a shared schema; a ZodError becomes a 400 upstream. */
export async function readJson<T extends Schema>(req: HonoRequest, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await req.json<unknown>();
  } catch (error) {
    if (error instanceof SyntaxError) throw new AppError(ErrorCode.BadRequest, 'request body must be valid JSON');
    throw error;
  }
  return z.parse(schema, body, { error: requiredMessage });
}

/** Names a missing field plainly instead of "expected string, received undefined". */
function requiredMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type' || issue.input !== undefined || issue.path === undefined) return undefined;
  const field = issue.path.map(String).join('.');
  return field === '' ? 'a JSON body is required' : `${field} is required`;
}
