import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { memoryChannel } from '@tests/unit/support/memory-channel';
import { createAppServices } from '@ui/app/app-services';
import { createAppTransferClient } from './transfer';

function refusing(error: string): typeof fetch {
  return vi.fn<typeof fetch>(async () =>
    Response.json({ code: 401, message: 'refused', data: { error }, success: false }, { status: 401 }),
  );
}

/** The app's auth actor and a transfer client whose worker answers every call with `workerFetch`. */
function appWithWorker(workerFetch: typeof fetch) {
  const services = createAppServices(window.localStorage, vi.fn<typeof fetch>());
  const [page, worker] = memoryChannel();
  Comlink.expose(createWorkerEndpoint({ fetch: workerFetch, now: () => 0 }), worker);
  const transfers = createAppTransferClient(services.auth, () => page);
  return { ...services, transfers };
}

const job = { id: 'u1', file: new Blob(['abc']), filename: 'a.txt' };

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('the app transfer client', () => {
  it('ends an admin session the worker found expired, as a refused page call does', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    const workerFetch = refusing('TOKEN_EXPIRED');
    const { auth, sessionEnd, transfers } = appWithWorker(workerFetch);
    expect(auth.getSnapshot().context.adminToken).toBe('tok-1');

    expect(await transfers.upload(job)).toMatchObject({ ok: false, code: 'unauthorized', errorCode: 'TOKEN_EXPIRED' });
    expect(new Headers(vi.mocked(workerFetch).mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(auth.getSnapshot().context.adminToken).toBeNull();
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(sessionEnd.getReason()).toBe('admin-session-expired');
    transfers.terminate();
  });

  it('ends an API key session the worker found invalid', async () => {
    window.localStorage.setItem('api_key', 'key-1');
    const { auth, sessionEnd, transfers } = appWithWorker(refusing('API_KEY_INVALID'));
    expect(await transfers.upload(job)).toMatchObject({ ok: false, errorCode: 'API_KEY_INVALID' });
    expect(auth.getSnapshot().context.apiKey).toBeNull();
    expect(sessionEnd.getReason()).toBe('api-key-invalid');
    transfers.terminate();
  });

  it('keeps the session when the worker was refused for another reason', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    const forbidden = vi.fn<typeof fetch>(async () =>
      Response.json({ code: 403, message: 'no', data: { error: 'FORBIDDEN' }, success: false }, { status: 403 }),
    );
    const { auth, transfers } = appWithWorker(forbidden);
    expect(await transfers.upload(job)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(auth.getSnapshot().context.adminToken).toBe('tok-1');
    transfers.terminate();
  });
});
