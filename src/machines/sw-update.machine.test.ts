import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { SW_UPDATE_CHECK_INTERVAL_MS, swUpdateMachine } from './sw-update.machine';
import type { SwUpdateEvent } from './sw-update.machine';

function start(checkForUpdate: () => Promise<unknown> = async () => undefined) {
  const calls = {
    checkForUpdate: vi.fn(checkForUpdate),
    skipWaiting: vi.fn(),
    reload: vi.fn(),
    watchStarted: vi.fn(),
    watchStopped: vi.fn(),
  };
  const machine = swUpdateMachine.provide({
    actors: {
      watchServiceWorker: fromCallback<SwUpdateEvent>(() => {
        calls.watchStarted();
        return calls.watchStopped;
      }),
      checkForUpdate: fromPromise(() => calls.checkForUpdate()),
    },
    actions: { skipWaiting: calls.skipWaiting, reload: calls.reload },
  });
  const actor = createActor(machine).start();
  const state = () => actor.getSnapshot().value;
  return { actor, calls, state };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('worker lifecycle', () => {
  it('starts unknown with no prompt and watches the service worker', () => {
    const { calls, state } = start();
    expect(state()).toEqual({ worker: 'unknown', prompt: 'hidden', polling: 'idle' });
    expect(calls.watchStarted).toHaveBeenCalledOnce();
  });

  it('follows installing, waiting, active and redundant', () => {
    const { actor, state } = start();
    actor.send({ type: 'sw.installing' });
    expect(state()).toMatchObject({ worker: 'installing' });
    actor.send({ type: 'sw.waiting' });
    expect(state()).toMatchObject({ worker: 'waiting' });
    actor.send({ type: 'sw.activated' });
    expect(state()).toMatchObject({ worker: 'active' });
    actor.send({ type: 'sw.redundant' });
    expect(state()).toMatchObject({ worker: 'redundant' });
  });

  it('stops watching when the actor stops', () => {
    const { actor, calls } = start();
    actor.stop();
    expect(calls.watchStopped).toHaveBeenCalledOnce();
  });
});

describe('update prompt', () => {
  it('does not prompt for a first install', () => {
    const { actor, state } = start();
    actor.send({ type: 'sw.installing' });
    actor.send({ type: 'sw.activated' });
    actor.send({ type: 'sw.controlling' });
    expect(state()).toMatchObject({ worker: 'active', prompt: 'hidden' });
  });

  it('prompts for a waiting worker; dismissing hides it until the next waiting worker', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'sw.waiting' });
    expect(state()).toMatchObject({ prompt: 'prompting' });
    actor.send({ type: 'update.dismiss' });
    expect(state()).toMatchObject({ prompt: 'dismissed', worker: 'waiting' });
    expect(calls.skipWaiting).not.toHaveBeenCalled();
    actor.send({ type: 'sw.waiting' });
    expect(state()).toMatchObject({ prompt: 'prompting' });
  });

  it('accepting sends skip-waiting and reloads once the new worker controls the page', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'sw.waiting' });
    actor.send({ type: 'update.accept' });
    expect(state()).toMatchObject({ prompt: 'accepted' });
    expect(calls.skipWaiting).toHaveBeenCalledOnce();
    expect(calls.reload).not.toHaveBeenCalled();
    actor.send({ type: 'sw.activated' });
    actor.send({ type: 'sw.controlling' });
    expect(calls.reload).toHaveBeenCalledOnce();
    // Another controlling report (a second tab accepting) reloads nothing more.
    actor.send({ type: 'sw.controlling' });
    expect(calls.reload).toHaveBeenCalledOnce();
    expect(state()).toMatchObject({ prompt: 'reloading' });
  });

  it('does not reload when another tab made the new worker take control', () => {
    const { actor, calls } = start();
    actor.send({ type: 'sw.waiting' });
    actor.send({ type: 'sw.controlling' });
    expect(calls.reload).not.toHaveBeenCalled();
  });

  it('ignores accept and dismiss when nothing is offered', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'update.accept' });
    actor.send({ type: 'update.dismiss' });
    expect(state()).toMatchObject({ prompt: 'hidden' });
    expect(calls.skipWaiting).not.toHaveBeenCalled();
  });
});

describe('update checks', () => {
  it('checks every five seconds', async () => {
    const { calls } = start();
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS - 1);
    expect(calls.checkForUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.checkForUpdate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS * 2);
    expect(calls.checkForUpdate).toHaveBeenCalledTimes(3);
  });

  it('keeps checking after a failed check', async () => {
    const { calls, state } = start(() => Promise.reject(new Error('offline')));
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS * 2);
    expect(calls.checkForUpdate).toHaveBeenCalledTimes(2);
    expect(state()).toMatchObject({ polling: 'idle' });
  });

  it('never overlaps a slow check with the next one', async () => {
    let finish = () => {};
    const { calls, state } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS * 3);
    expect(calls.checkForUpdate).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ polling: 'checking' });
    finish();
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS);
    expect(calls.checkForUpdate).toHaveBeenCalledTimes(2);
  });

  it('pauses while the prompt is shown and resumes after it is dismissed', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'sw.waiting' });
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS * 3);
    expect(calls.checkForUpdate).not.toHaveBeenCalled();
    actor.send({ type: 'update.dismiss' });
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS);
    expect(calls.checkForUpdate).toHaveBeenCalledTimes(1);
  });

  it('stops checking when the actor stops', async () => {
    const { actor, calls } = start();
    actor.stop();
    await vi.advanceTimersByTimeAsync(SW_UPDATE_CHECK_INTERVAL_MS * 2);
    expect(calls.checkForUpdate).not.toHaveBeenCalled();
  });
});
