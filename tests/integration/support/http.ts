import { expect } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, type ErrorEnvelope } from '@shared/envelope';
import type { ErrorCode } from '@shared/errors';

export type CallOptions = {
  json?: unknown;
  body?: string;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
};

export type CallResult = { status: number; headers: Headers; text: string; body: unknown };

/** One real HTTP call; the body is parsed as JSON when the response says it is JSON. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey !== undefined) headers.authorization = `ApiKey ${options.apiKey}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') === true;
  return { status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : undefined };
}

/** Asserts a success envelope with the given status and returns its data parsed by `schema`. */
export function expectOk<T extends z.core.$ZodType>(result: CallResult, schema: T, status = 200): z.output<T> {
  expect(result.status, result.text).toBe(status);
  const envelope = envelopeSchema(z.unknown()).parse(result.body);
  expect(envelope).toMatchObject({ code: status, success: true });
  return z.parse(schema, envelope.data);
}

/** Asserts an error envelope whose status and code match, and returns it. */
export function expectError(result: CallResult, status: number, code: ErrorCode): ErrorEnvelope {
  expect(result.status, result.text).toBe(status);
  const envelope = errorEnvelopeSchema.parse(result.body);
  expect(envelope.code).toBe(status);
  expect(envelope.data.error).toBe(code);
  return envelope;
}
