// Chromium driven over the DevTools protocol with nothing switched on but what the benchmark asks
// for. Playwright enables the Network domain in every page, worker and service worker, and that
// domain keeps copies of response bodies (up to its buffer limit) inside the renderer: right for
// tests, wrong for measuring how much memory a page's downloads take. This driver attaches to the
// page target alone and never enables Network, so the renderer holds only what the app holds.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { stopChild } from './processes';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Listener = (params: Record<string, unknown>) => void;

export type BarePage = {
  /** Evaluates an expression in the page (awaiting a promise) as if from a user's click. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` until it is truthy. */
  waitFor(expression: string, timeoutMs: number): Promise<void>;
  /** Browser-wide events (`Browser.downloadProgress`, say). */
  on(method: string, listener: Listener): void;
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** A command to the page's own session (`Input.dispatchMouseEvent`, `Runtime.getHeapUsage`, ...). */
  sendToPage(method: string, params?: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
};

/** The window's size (the page's viewport, headless) and switches beyond CHROMIUM_FLAGS. */
export type BareOptions = { windowSize?: { width: number; height: number }; args?: readonly string[] };

export async function launchBareChromium(
  userDataDir: string,
  url: string,
  initScript: string,
  options: BareOptions = {},
): Promise<BarePage> {
  const { width, height } = options.windowSize ?? { width: 1280, height: 900 };
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      `--window-size=${width},${height}`,
      ...(options.args ?? []),
      'about:blank',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stderr });
    lines.on('line', (line) => {
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(line);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code} before it listened`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('DevTools socket failed')), { once: true });
  });
  let next = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Listener[]>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
    } else if (message.method !== undefined) {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {});
    }
  });
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) }));
    });

  const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
  const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
  await send('Page.enable', {}, sessionId);
  await send('Page.addScriptToEvaluateOnNewDocument', { source: initScript }, sessionId);
  await send('Page.navigate', { url }, sessionId);

  const evaluate = async <T>(expression: string): Promise<T> => {
    const reply = (await send(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true, userGesture: true },
      sessionId,
    )) as {
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (reply.exceptionDetails)
      throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
    return reply.result.value as T;
  };

  return {
    evaluate,
    async waitFor(expression, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A navigation in between destroys the context: try again until the deadline.
        const ok = await evaluate<boolean>(`Boolean(${expression})`).catch(() => false);
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    send: (method, params) => send(method, params),
    sendToPage: (method, params) => send(method, params, sessionId),
    async close() {
      socket.close();
      await stopChild(child);
    },
  };
}
