// Scenarios 1 and 2: an instance killed with SIGKILL in the middle of 1,000 paste creates (each
// client retries with the same Idempotency-Key), and one-view shares read by 50 clients at once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { call, createPaste, fetchFile, slugOf, uploadFile, visitFile } from './client';
import { Checks, countBy, pool, type ScenarioResult } from './report';
import type { Stack } from './stack';
import { waitFor } from './wait';

const retryable = (status: number) => status === 0 || status >= 500;

export async function killDuringCreates(stack: Stack, token: string, total = 1_000): Promise<ScenarioResult> {
  const checks = new Checks('kill -9 during paste creates');
  const run = randomBytes(4).toString('hex');
  const [victim, survivor] = stack.instances;
  const acknowledged = new Map<number, string>();
  let retries = 0;
  let killedAt: number | undefined;
  const attemptsByStatus: number[] = [];
  const killing = waitFor(
    'a fifth of the creates acknowledged',
    300_000,
    async () => acknowledged.size >= total / 5,
  ).then(async () => {
    killedAt = acknowledged.size;
    await victim.kill();
  });
  const gaveUp: number[] = [];
  await pool(
    Array.from({ length: total }, (_, i) => i),
    20,
    async (i) => {
      const key = `rel-${run}-${i}`;
      for (let attempt = 0; attempt < 20; attempt += 1) {
        if (attempt > 0) retries += 1;
        const answer = await createPaste(
          stack.proxyUrl,
          token,
          { content: `paste ${i} of run ${run}`, remark: key, format: 'plain' },
          { 'idempotency-key': key },
        );
        attemptsByStatus.push(answer.status);
        const slug = slugOf(answer);
        if (answer.status === 201 && slug !== undefined) {
          acknowledged.set(i, slug);
          return;
        }
        if (!retryable(answer.status)) break;
      }
      gaveUp.push(i);
    },
  );
  await killing;
  const unreadable: number[] = [];
  await pool([...acknowledged], 20, async ([i, slug]) => {
    const read = await call(survivor.baseUrl, 'GET', `/api/paste/${slug}`);
    const content = (read.data as { content?: unknown } | undefined)?.content;
    if (read.status !== 200 || content !== `paste ${i} of run ${run}`) unreadable.push(i);
  });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  let rows = 0;
  let duplicates = 0;
  try {
    const counted = await db.query<{ remark: string; n: number }>(
      `select remark, count(*)::int as n from pastes where remark like $1 group by remark`,
      [`rel-${run}-%`],
    );
    rows = counted.rows.reduce((sum, row) => sum + row.n, 0);
    duplicates = counted.rows.filter((row) => row.n > 1).length;
  } finally {
    await db.end();
  }
  Object.assign(checks.figures, {
    creates: total,
    acknowledged: acknowledged.size,
    killedAfterAcknowledged: killedAt,
    retries,
    gaveUp: gaveUp.length,
    answersByStatus: countBy(attemptsByStatus),
    unreadableThroughSurvivor: unreadable.length,
    rowsInDatabase: rows,
    remarksWithDuplicates: duplicates,
  });
  checks.check(killedAt !== undefined && killedAt < total, 'the instance was killed while creates were still running');
  checks.check(
    acknowledged.size === total,
    `every create was acknowledged in the end (${acknowledged.size} of ${total})`,
  );
  checks.check(
    unreadable.length === 0,
    `every acknowledged paste reads back through the survivor (${unreadable.length} not)`,
  );
  checks.check(duplicates === 0, `no Idempotency-Key made two pastes (${duplicates} did)`);
  checks.check(rows === acknowledged.size, `one row per acknowledged create (${rows} rows)`);
  await victim.start();
  return checks.result();
}

export async function oneViewRaces(stack: Stack, token: string, clients = 50): Promise<ScenarioResult> {
  const checks = new Checks('one-view shares read by many at once');
  const secret = `one view only ${randomBytes(8).toString('hex')}`;
  const paste = await createPaste(stack.proxyUrl, token, { content: secret, maxViews: 1, format: 'plain' });
  const pasteSlug = slugOf(paste);
  checks.check(pasteSlug !== undefined, `the one-view paste was created (${paste.status} ${paste.message ?? ''})`);
  if (pasteSlug !== undefined) {
    const reads = await Promise.all(
      Array.from({ length: clients }, () => call(stack.proxyUrl, 'GET', `/api/paste/${pasteSlug}`)),
    );
    const got = reads.filter((read) => (read.data as { content?: unknown } | undefined)?.content === secret).length;
    checks.figures.pasteAnswers = countBy(reads.map((read) => read.status));
    checks.figures.pasteContentDelivered = got;
    checks.check(got === 1, `exactly one of ${clients} readers got the one-view paste (${got} did)`);
    checks.check(
      reads.every((read) => read.status < 500),
      'no paste reader got a 5xx',
    );
  }
  const bytes = randomBytes(200_000);
  const upload = await uploadFile(stack.proxyUrl, token, bytes, 'once.bin', { max_views: '1' });
  const fileSlug = slugOf(upload);
  checks.check(fileSlug !== undefined, `the one-view file was uploaded (${upload.status} ${upload.message ?? ''})`);
  if (fileSlug === undefined) return checks.result();
  const visits = await Promise.all(Array.from({ length: clients }, () => visitFile(stack.proxyUrl, fileSlug)));
  const winners = visits.filter((visit) => visit.bytes?.equals(bytes) === true);
  checks.figures.fileAnswers = countBy(visits.map((visit) => visit.status));
  checks.figures.fileContentDelivered = winners.length;
  checks.check(
    winners.length === 1,
    `exactly one of ${clients} visitors got the one-view file (${winners.length} did)`,
  );
  checks.check(
    visits.every((visit) => visit.status < 500),
    'no file visitor got a 5xx',
  );
  const paid = winners[0]?.token;
  if (paid !== undefined) {
    const again = await Promise.all(stack.instances.map((instance) => fetchFile(instance.baseUrl, fileSlug, paid)));
    checks.figures.paidVisitRefetch = Object.fromEntries(
      stack.instances.map((instance, i) => [instance.name, again[i]?.status]),
    );
    checks.check(
      again.every((read) => read.bytes?.equals(bytes) === true),
      'the visit that paid fetches the file again from each instance',
    );
    const stranger = await fetchFile(stack.proxyUrl, fileSlug, undefined);
    checks.check(stranger.status === 410, `a stranger is refused with 410 (${stranger.status})`);
  }
  return checks.result();
}
