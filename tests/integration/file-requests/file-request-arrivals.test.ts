// The owner is told when files arrive: uploads committed since the owner last opened a request's
// uploads are counted per request (the row's badge) and over the owner's requests (the panel
// navigation's badge: every request for the admin, its own for a key), until the owner marks them
// seen; a file still arriving is not counted, and one arriving later is new again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRequestArrivalsSchema, uploadsSeenSchema } from '@shared/api/file-request-arrivals.schema';
import { fileRequestSchema, fileRequestUploadListSchema } from '@shared/api/file-request.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { admin, key, mkdir, type FsHarness, type Who } from '@tests/integration/fs/fs-harness';
import { newRequest, owner, send, start, startRequestHarness, tokenOf } from './file-request-harness';

describe.each(['SQLite', 'PostgreSQL'] as const)('new arrivals on %s', (database) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startRequestHarness({ driver: 'local', database }, 'request-arrivals');
  });
  afterAll(() => h.close());

  const arrivals = async (who: Who) =>
    expectOk(await owner(h, who, 'arrivals', null), fileRequestArrivalsSchema).new_uploads;
  const newOf = async (who: Who, id: string) => expectOk(await owner(h, who, 'get', id), fileRequestSchema).new_uploads;

  it('counts uploads not yet seen, per request and over the owner’s requests, until the owner opens them', async () => {
    const before = await arrivals(admin(h));
    await mkdir(h, admin(h), `${h.mountPath}/desk`);
    const desk = await key(h, { file_permission: 1, mount_permission: 1, basic_path: `${h.mountPath}/desk` });
    const { request: mine } = await newRequest(h);
    const { request: theirs } = await newRequest(h, {}, admin(h));
    const keyRequest = expectOk(
      await owner(h, desk, 'create', null, { path: `${h.mountPath}/desk`, title: 'Desk drop' }),
      fileRequestSchema,
      201,
    );
    expect([mine.new_uploads, keyRequest.new_uploads]).toEqual([0, 0]);

    const token = await tokenOf(h, mine.slug);
    await send(h, mine.slug, token, 'a.txt', 'a');
    await send(h, mine.slug, token, 'b.txt', 'bb');
    await start(h, mine.slug, token, 'still-arriving.txt', 'ccc');
    await send(h, keyRequest.slug, await tokenOf(h, keyRequest.slug), 'k.txt', 'k');

    expect(await newOf(admin(h), mine.id)).toBe(2);
    expect(await newOf(admin(h), theirs.id)).toBe(0);
    expect(await arrivals(admin(h))).toBe(before + 3);
    expect(await arrivals(desk)).toBe(1);

    // The owner opens the uploads and is shown up to the newest commit it saw.
    const shown = expectOk(await owner(h, admin(h), 'uploads', mine.id), fileRequestUploadListSchema);
    const newest = shown.items
      .flatMap((u) => (u.committed_at === null ? [] : [u.committed_at]))
      .sort()
      .at(-1);
    const seen = expectOk(await owner(h, admin(h), 'seen', mine.id, { up_to: newest }), uploadsSeenSchema);
    expect(seen).toEqual({ id: mine.id, seen_at: newest, new_uploads: 0 });
    expect(await arrivals(admin(h))).toBe(before + 1);
    expect(await arrivals(desk)).toBe(1);

    // A later arrival is new again; seen without a bound, everything up to now is seen.
    await send(h, mine.slug, token, 'later.txt', 'later');
    expect(await newOf(admin(h), mine.id)).toBe(1);
    expectOk(await owner(h, admin(h), 'seen', mine.id, {}), uploadsSeenSchema);
    expect(await newOf(admin(h), mine.id)).toBe(0);

    // An earlier bound never brings back what was seen.
    const again = expectOk(
      await owner(h, admin(h), 'seen', mine.id, { up_to: '2000-01-01T00:00:00.000Z' }),
      uploadsSeenSchema,
    );
    expect(again.new_uploads).toBe(0);

    // The key clears its own request, and never reaches another owner's.
    expectError(await owner(h, desk, 'seen', mine.id, {}), 404, ErrorCode.NotFound);
    expectOk(await owner(h, desk, 'seen', keyRequest.id, {}), uploadsSeenSchema);
    expect(await arrivals(desk)).toBe(0);
    expect(await arrivals(admin(h))).toBe(before);
  });

  it('refuses a bound that is not a date', async () => {
    const { request } = await newRequest(h);
    expectError(await owner(h, admin(h), 'seen', request.id, { up_to: 'yesterday' }), 400, ErrorCode.ValidationFailed);
  });
});
