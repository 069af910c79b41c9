// Scenarios 3 and 4: wrong passwords counted once over both instances, radosgw stopped during
// uploads, and PostgreSQL restarted under running instances.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { call, createPaste, fetchFile, slugOf, uploadFile, type Answer } from './client';
import { Checks, countBy, pool, type ScenarioResult } from './report';
import type { Stack } from './stack';
import { waitFor } from './wait';

/** Wrong guesses until the first 429 (at most 40): how many were answered 401 before it. */
async function guessesBeforeLimit(targets: string[], guess: (target: string, i: number) => Promise<Answer>) {
  for (let i = 0; i < 40; i += 1) {
    const answer = await guess(targets[i % targets.length] ?? '', i);
    if (answer.status === 429) return i;
    if (answer.status !== 401) return -answer.status;
  }
  return 40;
}

export async function sharedLimits(stack: Stack, token: string): Promise<ScenarioResult> {
  const checks = new Checks('wrong passwords over both instances');
  const [one, two] = stack.instances.map((instance) => instance.baseUrl) as [string, string];
  const ways: Record<string, string[]> = { oneInstance: [one], alternating: [one, two], proxy: [stack.proxyUrl] };
  const login: Record<string, number> = {};
  const paste: Record<string, number> = {};
  for (const [way, targets] of Object.entries(ways)) {
    const ip = `203.0.113.${Object.keys(login).length + 10}`;
    const username = `nobody-${way}-${randomBytes(3).toString('hex')}`;
    login[way] = await guessesBeforeLimit(targets, (target, i) =>
      call(target, 'POST', '/api/admin/login', {
        json: { username, password: `wrong ${i}` },
        headers: { 'x-forwarded-for': ip },
      }),
    );
    const created = await createPaste(stack.proxyUrl, token, { content: 'locked', password: 'the right one' });
    const slug = slugOf(created) ?? 'missing';
    paste[way] = await guessesBeforeLimit(targets, (target, i) =>
      call(target, 'POST', `/api/paste/${slug}`, {
        json: { password: `guess ${i}` },
        headers: { 'x-forwarded-for': `192.0.2.${Object.keys(paste).length + 10}` },
      }),
    );
  }
  Object.assign(checks.figures, { adminLoginGuessesBeforeLimit: login, pastePasswordGuessesBeforeLimit: paste });
  for (const [name, counts] of [
    ['admin login', login],
    ['paste password', paste],
  ] as const) {
    const single = counts.oneInstance;
    checks.check(single !== undefined && single > 0 && single < 40, `${name}: one instance hits a limit (${single})`);
    checks.check(
      counts.alternating === single && counts.proxy === single,
      `${name}: spread over both instances the limit comes at the same count (${JSON.stringify(counts)})`,
    );
  }
  return checks.result();
}

const namesStorage = (answer: Answer) => /storage|s3|bucket|upstream/i.test(answer.message ?? '');

export async function storageOutage(stack: Stack, token: string): Promise<ScenarioResult> {
  const checks = new Checks('radosgw stopped during uploads');
  const run = randomBytes(4).toString('hex');
  const body = (i: number) => Buffer.from(`${run}:${i}:`.padEnd(64 * 1024, 'x'));
  let sent = 0;
  const upload = async () => {
    const i = sent;
    sent += 1;
    return { i, answer: await uploadFile(stack.proxyUrl, token, body(i), `f-${i}.bin`, { remark: `rel-${run}-${i}` }) };
  };
  const before = await pool(
    Array.from({ length: 12 }, (_, n) => n),
    4,
    upload,
  );
  const during: { i: number; answer: Answer }[] = [];
  let stopping = true;
  const uploading = pool([0, 1, 2, 3], 4, async () => {
    while (stopping || during.length < 20) during.push(await upload());
  });
  await stack.stopRgw();
  const direct = await Promise.all(
    stack.instances.map((instance) => uploadFile(instance.baseUrl, token, body(999_999), 'direct.bin')),
  );
  stopping = false;
  await uploading;
  const outage = during.filter(({ answer }) => answer.status !== 201);
  const outageAnswers = countBy(outage.map(({ answer }) => answer.status));
  const samples = [...new Set(outage.map(({ answer }) => `${answer.status} ${answer.code}: ${answer.message}`))].slice(
    0,
    4,
  );
  await stack.startRgw();
  const recoveredAt = performance.now();
  let recovery: Answer | undefined;
  await waitFor('an upload to succeed once radosgw is back', 120_000, async () => {
    recovery = (await upload()).answer;
    return recovery.status === 201;
  });
  const recoverySeconds = (performance.now() - recoveredAt) / 1000;
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  let committed: { slug: string; remark: string }[] = [];
  try {
    committed = (
      await db.query<{ slug: string; remark: string }>(
        `select slug, remark from files where status = 'committed' and remark like $1`,
        [`rel-${run}-%`],
      )
    ).rows;
  } finally {
    await db.end();
  }
  const missing: string[] = [];
  await pool(committed, 8, async (row) => {
    const i = Number(row.remark.split('-').at(-1));
    const read = await fetchFile(stack.proxyUrl, row.slug, undefined);
    if (read.bytes?.equals(body(i)) !== true) missing.push(`${row.slug} (${read.status})`);
  });
  Object.assign(checks.figures, {
    uploadsBefore: before.filter(({ answer }) => answer.status === 201).length,
    uploadsDuringOutage: during.length,
    outageAnswers,
    outageMessages: samples,
    outageAnswersOfEachInstanceDirectly: direct.map((answer) => `${answer.status} ${answer.code}: ${answer.message}`),
    recoverySecondsAfterRestart: Math.round(recoverySeconds * 10) / 10,
    committedRows: committed.length,
    committedRowsWithoutObject: missing.length,
  });
  checks.check(outage.length > 0, 'some uploads ran into the outage');
  checks.check(
    outage.every(({ answer }) => answer.status === 502 || answer.status === 503),
    `uploads during the outage are answered 502 or 503 (${JSON.stringify(outageAnswers)})`,
  );
  checks.check(
    outage.every(({ answer }) => namesStorage(answer)),
    `those answers name the storage (${samples.join(' | ')})`,
  );
  checks.check(missing.length === 0, `every committed file row has its object (${missing.slice(0, 5).join(', ')})`);
  checks.check(recovery?.status === 201, 'uploads succeed again once radosgw is back');
  return checks.result();
}

export async function databaseRestart(stack: Stack, token: string): Promise<ScenarioResult> {
  const checks = new Checks('PostgreSQL restarted');
  await stack.postgres.restart();
  const restartedAt = performance.now();
  const seconds: Record<string, number> = {};
  for (const instance of stack.instances) {
    let creates = 0;
    await waitFor(`${instance.name} creating pastes again`, 120_000, async () => {
      if (instance.exit() !== undefined) throw new Error(`${instance.name} ended (${instance.exit()})`);
      const health = await call(instance.baseUrl, 'GET', '/api/health');
      if (health.status !== 200) return false;
      creates = (await createPaste(instance.baseUrl, token, { content: 'after the restart' })).status;
      return creates === 201;
    }).catch((error) => checks.check(false, String(error)));
    seconds[instance.name] = Math.round((performance.now() - restartedAt) / 100) / 10;
    checks.check(creates === 201, `${instance.name}: health 200 and a paste create succeeds after the restart`);
  }
  const proxied = await createPaste(stack.proxyUrl, token, { content: 'through the proxy after the restart' });
  checks.check(proxied.status === 201, `a paste create through the proxy succeeds (${proxied.status})`);
  checks.figures.secondsUntilBackAfterRestart = seconds;
  const ended = stack.instances.filter((instance) => instance.exit() !== undefined);
  for (const instance of ended) {
    const log = await readFile(instance.logFile, 'utf8').catch(() => '');
    const reason = log.split('\n').filter((line) => /^(error: |Emitted 'error' event on )|^\s+code: '/.test(line));
    checks.figures[`${instance.name}Ended`] = { how: instance.exit(), reason: reason.slice(-3) };
  }
  return checks.result();
}
