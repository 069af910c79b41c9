import { describe, expect, it } from 'vitest';
import { allEndpoints } from './api/endpoints';
import { offlineOperationTypes, replayableEndpoints, replayOutcomeOf, replayPath } from './offline-replay';

describe('the replay list', () => {
  it('names every idempotent endpoint, with the method and path of its definition', () => {
    const idempotent = allEndpoints.filter((endpoint) => endpoint.idempotent === true);
    expect(new Set(idempotent.map((e) => e.id))).toEqual(new Set(offlineOperationTypes));
    for (const endpoint of idempotent) {
      expect(replayableEndpoints[endpoint.id as keyof typeof replayableEndpoints]).toEqual({
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });

  it('fills path parameters, encoded', () => {
    expect(replayPath('pastes.admin.update', { id: 'a b' })).toBe('/api/admin/pastes/a%20b');
    expect(replayPath('files.public.verify', { slug: 'x' })).toBe('/api/public/files/x/verify');
  });

  it('keeps an entry the server refused as failed and retries only what may succeed later', () => {
    expect([200, 201].map(replayOutcomeOf)).toEqual(['done', 'done']);
    expect([400, 401, 403, 404, 409, 410, 422].map(replayOutcomeOf)).toEqual(Array(7).fill('refused'));
    expect([undefined, 408, 429, 500, 503].map(replayOutcomeOf)).toEqual(Array(5).fill('retry'));
  });
});
