// The handoff between page and service worker over IndexedDB (fake-indexeddb here): credentials
// written by the page are what the worker reads at replay time, and a discarded id is taken once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  authorizationOf,
  markDiscarded,
  readReplayCredentials,
  takeDiscarded,
  writeReplayCredentials,
} from './replay-handoff-store';

describe('the replay handoff store', () => {
  it('holds the session’s current credentials, and none once signed out', async () => {
    expect(await readReplayCredentials()).toBeNull();
    await writeReplayCredentials({ scheme: 'admin', token: 'first' });
    await writeReplayCredentials({ scheme: 'apikey', key: 'renewed' });
    const current = await readReplayCredentials();
    expect(current).toEqual({ scheme: 'apikey', key: 'renewed' });
    expect(current && authorizationOf(current)).toBe('ApiKey renewed');
    await writeReplayCredentials(null);
    expect(await readReplayCredentials()).toBeNull();
  });

  it('tells the worker of a discarded write once', async () => {
    expect(await takeDiscarded('w1')).toBe(false);
    await markDiscarded('w1');
    expect(await takeDiscarded('w1')).toBe(true);
    expect(await takeDiscarded('w1')).toBe(false);
  });
});
