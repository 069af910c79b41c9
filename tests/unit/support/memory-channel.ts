// Two Comlink endpoints that pass messages by reference, standing in for the page and a worker.
import type { Endpoint } from 'comlink';

export function memoryChannel(): [Endpoint, Endpoint] {
  type Listeners = Set<EventListenerOrEventListenerObject>;
  const listeners: [Listeners, Listeners] = [new Set(), new Set()];
  const side = (self: 0 | 1, other: 0 | 1): Endpoint => ({
    postMessage(message: unknown) {
      queueMicrotask(() => {
        const event = new MessageEvent('message', { data: message });
        for (const listener of listeners[other]) {
          if (typeof listener === 'function') listener(event);
          else listener.handleEvent(event);
        }
      });
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => listeners[self].add(listener),
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) =>
      listeners[self].delete(listener),
  });
  return [side(0, 1), side(1, 0)];
}
