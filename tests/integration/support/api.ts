// Integration calls through the app's own typed client (src/shared/http/api-client.ts), given a
// fetch that notes each answer: the endpoint definition supplies the method, the path, the body's
// shape and the reply's schema, so a test speaks the contract instead of spelling it, and a renamed
// path or a changed body breaks the test at compile time. `ok` also holds the server to the
// endpoint's declared success status and envelope; `fails` to an error envelope of the given status
// and code (and gives the envelope and the headers); `send` makes the same typed request and hands
// back the answer as it came (status, headers, body), for raw replies and races whose outcome the
// test decides. Requests that are malformed on purpose stay with the raw `call` of ./http, marked
// `// raw: why` (tests/unit/raw-api-calls.test.ts holds that).
import { expect } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@shared/api-error';
import { envelopeSchema, errorEnvelopeSchema, type ErrorEnvelope } from '@shared/envelope';
import type { ErrorCode } from '@shared/errors';
import { createApiClient, type CallOptions, type Credentials } from '@shared/http/api-client';
import type { EndpointSpec, ReplyOf } from '@shared/http/endpoint';
import type { CallResult } from './http';

/** An answer as it came: status, headers, the body as text and bytes, and parsed when JSON. */
export type Answer = CallResult & { bytes: Buffer };

/** A failure as the typed client reports it, with the error envelope and headers it came in. */
export type Failure = ApiError & { envelope: ErrorEnvelope; headers: Headers };

export type TestApi = {
  /** The reply's data, parsed by the endpoint's schema, after checking its success status. */
  ok<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<ReplyOf<E>>;
  /** As `ok`, with the answer's headers. */
  okWith<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<{ data: ReplyOf<E>; headers: Headers }>;
  /** The failure the call ends in, after checking its status, error code and envelope. */
  fails<E extends EndpointSpec>(
    endpoint: E,
    options: CallOptions<E>,
    status: number,
    code: ErrorCode,
  ): Promise<Failure>;
  /** The typed request's answer as it came, whatever its status (a raw reply, a race's loser). */
  send<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<Answer>;
  /** The endpoint's absolute address, for links a page carries and for non-fetch clients. */
  url<E extends EndpointSpec>(endpoint: E, inputs: Pick<CallOptions<E>, 'params' | 'query'>): string;
};

export const asAdmin = (token: string): Credentials => ({ scheme: 'admin', token });
export const asApiKey = (key: string): Credentials => ({ scheme: 'apikey', key });

const anyEnvelope = envelopeSchema(z.unknown());

async function answerOf(response: Response): Promise<Answer> {
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const text = bytes.toString('utf8');
  const isJson = response.headers.get('content-type')?.startsWith('application/json') === true;
  let body: unknown;
  if (isJson) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, body, bytes };
}

/** A client of the server at `baseUrl` (its origin) calling with `credentials`, or anonymously. */
export function testApi(baseUrl: string, credentials: Credentials | null = null): TestApi {
  const clientNoting = (answers: Answer[]) =>
    createApiClient({
      baseUrl: () => `${baseUrl}/api`,
      getCredentials: () => credentials,
      onAuthExpired: () => undefined,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        answers.push(await answerOf(response));
        return response;
      },
    });

  const outcomeOf = async <E extends EndpointSpec>(endpoint: E, options: CallOptions<E>) => {
    const answers: Answer[] = [];
    const outcome = await clientNoting(answers)
      .call(endpoint, options)
      .then(
        (data) => ({ data }),
        (error: unknown) => ({ error }),
      );
    return { outcome, answer: answers[0] };
  };

  const api: TestApi = {
    async ok(endpoint, options) {
      return (await api.okWith(endpoint, options)).data;
    },
    async okWith(endpoint, options) {
      const { outcome, answer } = await outcomeOf(endpoint, options);
      const status = endpoint.status ?? 200;
      expect(answer?.status, `${endpoint.id} answered ${answer?.text}`).toBe(status);
      if ('error' in outcome) throw outcome.error;
      expect(anyEnvelope.parse(answer?.body)).toMatchObject({ code: status, success: true });
      return { data: outcome.data, headers: answer?.headers ?? new Headers() };
    },
    async fails(endpoint, options, status, code) {
      const { outcome, answer } = await outcomeOf(endpoint, options);
      if (!('error' in outcome)) throw new Error(`${endpoint.id} succeeded: ${JSON.stringify(outcome.data)}`);
      if (!(outcome.error instanceof ApiError) || answer === undefined) throw outcome.error;
      expect({ status: outcome.error.status, code: outcome.error.code }, answer.text).toEqual({ status, code });
      expect(answer.status, answer.text).toBe(status);
      const envelope = errorEnvelopeSchema.parse(answer.body);
      expect({ code: envelope.code, error: envelope.data.error }).toEqual({ code: status, error: code });
      return Object.assign(outcome.error, { envelope, headers: answer.headers });
    },
    async send(endpoint, options) {
      const { outcome, answer } = await outcomeOf(endpoint, options);
      if (answer !== undefined) return answer;
      throw 'error' in outcome ? outcome.error : new Error(`${endpoint.id} sent nothing`);
    },
    url(endpoint, inputs) {
      return clientNoting([]).url(endpoint, inputs);
    },
  };
  return api;
}
