// Search over 100,000 indexed objects through GET /api/admin/fs/search (SQLite, FTS5 trigram):
// rows are written into fs_entries as a reindex would, then every query runs once (no search
// cache hit) and the server time of each is taken from the request log. Query classes: rare
// substrings (3+ characters from one name), common words, 2-character queries, and the same as an
// API key limited to one department. Options: --entries <n> (100000), --queries <n> per class (60).
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { FS_SEARCH_COUNT_CAP } from '@shared/api/fs.schema';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { FsEntryRepo, type NewFsEntry } from '@server/modules/fs/fs-entry.repo';
import { folderEntry, fileEntry } from '@server/modules/fs/fs-index';
import { machine, percentile, startBenchServer, summary, type BenchServer } from './bench-server';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const total = argument('entries', 100_000);
const perClass = argument('queries', 60);

const words = [
  'report',
  'invoice',
  'photo',
  'holiday',
  'budget',
  'draft',
  'scan',
  'meeting',
  'notes',
  'backup',
  'design',
  'video',
  'contract',
  'summary',
  'project',
  'résumé',
  '会议记录',
  'Quarterly',
  'Screenshot',
  'IMG',
];
const extensions = ['pdf', 'jpg', 'png', 'docx', 'txt', 'md', 'mp4', 'zip', 'csv', 'xlsx'];
const departments = Array.from({ length: 20 }, (_, i) => `dept-${String(i).padStart(2, '0')}`);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

/** `total` files under /local/<dept>/<year>/<month>/, with their folders (index rows). */
function corpus(mountId: string): { rows: NewFsEntry[]; names: string[] } {
  const rows: NewFsEntry[] = [];
  const names: string[] = [];
  const folders = new Set<string>();
  const now = Date.now();
  for (let i = 0; i < total; i += 1) {
    // Index paths are relative to the mount (/local here).
    const folder = `/${pick(departments)}/${2015 + randomInt(10)}/${String(1 + randomInt(12)).padStart(2, '0')}`;
    for (let f = folder; f !== '' && !folders.has(f); f = f.slice(0, f.lastIndexOf('/'))) {
      folders.add(f);
      rows.push(folderEntry(mountId, f, 1));
    }
    const name = `${pick(words)}-${pick(words).toLowerCase()}_${randomInt(100_000)}.${pick(extensions)}`;
    names.push(name);
    rows.push(
      fileEntry(
        mountId,
        `${folder}/${name}`,
        {
          size: randomInt(10_000_000),
          etag: randomInt(1e9).toString(16),
          contentType: null,
          lastModified: new Date(now - randomInt(3e10)),
        },
        1,
        false,
      ),
    );
  }
  return { rows, names };
}

const searchReply = z.object({ data: z.object({ total: z.number() }) });

/** The anchor: the same queries straight on the repository (the SQL alone, no HTTP, auth or mapping). */
async function direct(repo: FsEntryRepo, mountId: string, queries: readonly string[], prefix: string | null) {
  const ms: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    await repo.search({ q, scopes: [{ mountId, prefix }], limit: 51, offset: 0 }, FS_SEARCH_COUNT_CAP);
    ms.push(performance.now() - started);
  }
  return summary(ms);
}

/** Each query once, after clearing the caches, so the index answers every one. */
async function run(server: BenchServer, queries: readonly string[], authorization?: string) {
  const ms: number[] = [];
  const cpu: number[] = [];
  const matches: number[] = [];
  for (const q of queries) {
    await server.api('POST', '/api/admin/cache/clear', {});
    const t = await server.timed(
      `/api/admin/fs/search?q=${encodeURIComponent(q)}`.replace(
        '/admin/',
        authorization === undefined ? '/admin/' : '/user/',
      ),
      authorization,
    );
    if (t.status !== 200) throw new Error(`search answered ${t.status}: ${t.body}`);
    ms.push(t.serverMs);
    cpu.push(t.cpuMs);
    matches.push(searchReply.parse(JSON.parse(t.body)).data.total);
  }
  return { ...summary(ms), all: ms, cpu: summary(cpu), allCpu: cpu, medianMatches: percentile(matches, 50) };
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const mounts = z
      .array(z.object({ id: z.string(), mount_path: z.string() }))
      .parse(await server.api('GET', '/api/admin/mounts'));
    const mountId = mounts.find((mount) => mount.mount_path === '/local')?.id ?? '';
    const { rows, names } = corpus(mountId);
    const started = performance.now();
    const repo = new FsEntryRepo(server.db);
    for (let i = 0; i < rows.length; i += 2000)
      await server.db.transaction().execute((trx) => new FsEntryRepo(trx).upsert(rows.slice(i, i + 2000), 'reindex'));
    const indexed = await repo.count(mountId);
    console.error(`${indexed} entries indexed in ${Math.round(performance.now() - started)} ms`);
    const key = `ApiKey ${(await insertApiKey(server.db, { mount_permission: 1, basic_path: '/local/dept-07' })).key}`;

    const rare = Array.from({ length: perClass }, () => {
      const name = pick(names);
      const start = randomInt(Math.max(1, name.length - 8));
      return name.slice(start, start + 6 + randomInt(3));
    });
    const common = Array.from(
      { length: perClass },
      (_, i) => `${pick(words)}${i % 2 === 0 ? '' : `-${pick(words).toLowerCase().slice(0, 3)}`}`,
    );
    const two = Array.from({ length: perClass }, () =>
      pick(['re', 'ph', 'ot', 'sc', 'de', 'no', 'vi', '20', '_1', 'pd', 'jp', 'mp', '会议', 'IM', 'Qu']),
    );
    const classes = [
      ['rare substring (3+ chars)', rare, undefined],
      ['common word', common, undefined],
      ['2 characters', two, undefined],
      ['rare substring, key limited to one department', rare, key],
      ['common word, key limited to one department', common, key],
    ] as const;
    console.log(`# fs search over ${indexed} indexed entries\n${await machine()}\n`);
    console.log(
      '| queries | n | server p50 ms | server p95 ms | max ms | CPU p50 / p95 ms | median matches | SQL alone p50 / p95 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const every: number[] = [];
    const everyCpu: number[] = [];
    for (const [label, queries, auth] of classes) {
      const r = await run(server, queries, auth);
      const sqlOnly = await direct(repo, mountId, queries, auth === undefined ? null : '/dept-07');
      every.push(...r.all);
      everyCpu.push(...r.allCpu);
      console.log(
        `| ${label} | ${queries.length} | ${r.p50} | ${r.p95} | ${r.max} | ${r.cpu.p50} / ${r.cpu.p95} | ${r.medianMatches} | ${sqlOnly.p50} / ${sqlOnly.p95} |`,
      );
    }
    const all = summary(every);
    const allCpu = summary(everyCpu);
    console.log(
      `| **all** | ${every.length} | ${all.p50} | **${all.p95}** | ${all.max} | ${allCpu.p50} / **${allCpu.p95}** | | |`,
    );
  } finally {
    await server.stop();
  }
}

await main();
