// Integration calls through the app's own typed client (src/shared/http/api-client.ts), given a
// fetch that notes each answer's status: the endpoint definition supplies the method, the path,
// the body's shape and the reply's schema, so a test speaks the contract instead of spelling it.
// `ok` also holds the server to the endpoint's declared success status; `fails` to an error
// envelope of the given status and code. Requests that are malformed on purpose stay with the
// raw `call` of ./http, which can send what the contract forbids.
import { expect } from 'vitest';
import { ApiError } from '@shared/api-error';
import type { ErrorCode } from '@shared/errors';
import { createApiClient, type CallOptions, type Credentials } from '@shared/http/api-client';
import type { EndpointSpec, ReplyOf } from '@shared/http/endpoint';

export type TestApi = {
  /** The reply's data, parsed by the endpoint's schema, after checking its success status. */
  ok<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<ReplyOf<E>>;
  /** The failure the call ends in, after checking its status and error code. */
  fails<E extends EndpointSpec>(
    endpoint: E,
    options: CallOptions<E>,
    status: number,
    code: ErrorCode,
  ): Promise<ApiError>;
};

export const asAdmin = (token: string): Credentials => ({ scheme: 'admin', token });
export const asApiKey = (key: string): Credentials => ({ scheme: 'apikey', key });

/** A client of the server at `baseUrl` (its origin) calling with `credentials`, or anonymously. */
export function testApi(baseUrl: string, credentials: Credentials | null = null): TestApi {
  const clientNoting = (statuses: number[]) =>
    createApiClient({
      baseUrl: () => `${baseUrl}/api`,
      getCredentials: () => credentials,
      onAuthExpired: () => undefined,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      },
    });

  return {
    async ok(endpoint, options) {
      const statuses: number[] = [];
      const data = await clientNoting(statuses).call(endpoint, options);
      expect(statuses, `${endpoint.id} answered`).toEqual([endpoint.status ?? 200]);
      return data;
    },
    async fails(endpoint, options, status, code) {
      const outcome = await clientNoting([])
        .call(endpoint, options)
        .then(
          (data) => ({ data }),
          (error: unknown) => ({ error }),
        );
      if (!('error' in outcome)) throw new Error(`${endpoint.id} succeeded: ${JSON.stringify(outcome.data)}`);
      if (!(outcome.error instanceof ApiError)) throw outcome.error;
      expect({ status: outcome.error.status, code: outcome.error.code }, outcome.error.message).toEqual({
        status,
        code,
      });
      return outcome.error;
    },
  };
}
