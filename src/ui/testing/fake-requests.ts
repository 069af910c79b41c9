// Test support for the fake backends handed to renderApp: which requests were sent with what
// body, and answers held back so a test can look at the screen while a request is running.
type SentRequest = { path: string; init: RequestInit };

/** The requests sent with this method to this path, oldest first. */
export function sentTo<R extends SentRequest>(requests: readonly R[], method: string, path: string): R[] {
  return requests.filter((request) => request.init.method === method && request.path === path);
}

/** The JSON body a request carried. */
export function jsonBody(request: SentRequest | undefined): unknown {
  return JSON.parse(String(request?.init.body));
}

export type HeldAnswers = { released: Promise<void>; release: () => void };

/** A gate a handler waits on before it answers; `release` lets every waiting answer through. */
export function holdAnswers(): HeldAnswers {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release: () => release() };
}
