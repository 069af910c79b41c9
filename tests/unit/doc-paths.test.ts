// Every repository path the docs name (in backticks or as a relative link) exists, so a newcomer
// following ARCHITECTURE.md or a README never lands on a file that moved (tests/unit/doc-paths.ts
// says what counts as a path).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNames, missingPaths, namesIn } from './doc-paths';

const root = join(import.meta.dirname, '..', '..');
const docs = [
  'README.md',
  'ARCHITECTURE.md',
  'server/README.md',
  'src/workers/README.md',
  'src/machines/README.md',
  'src/db/README.md',
  'src/sw/README.md',
  'cli/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('paths named in the docs', () => {
  const known = fileNames(root);

  it.each(docs)('%s names only paths that exist', (doc) => {
    expect(missingPaths(root, doc, readFileSync(join(root, doc), 'utf8'), known)).toEqual([]);
  });

  it('reports a wrong path, a wrong file name and a broken link, and leaves routes and commands alone', () => {
    const markdown = [
      'See `server/lib/mime.ts`, `server/lib/no-such-file.ts`, `lib/cache/` and `modules/fs/`.',
      'The worker: `engine.ts` and `no-such-engine.ts`; [the server](../server/README.md), [gone](nowhere.md#x).',
      'Not paths: `/api/blob/:configId`, `url/info`, `fs list`, `uploads/<hash>.json`, `DATA_DIR/blobs`.',
      '```sh',
      'cat server/not/checked/in/a/fence.ts',
      '```',
    ].join('\n');
    const missing = missingPaths(root, 'docs/example.md', `<!-- paths: server/ -->\n${markdown}`, known);
    expect(missing.map((entry) => entry.name)).toEqual([
      'server/lib/no-such-file.ts',
      'no-such-engine.ts',
      'nowhere.md',
    ]);
  });

  it('reads code spans and links outside fenced blocks only', () => {
    expect(namesIn('a `x/y.ts` [l](z.md#top)\n```\n`in/fence.ts`\n```').map((found) => found.name)).toEqual([
      'x/y.ts',
      'z.md',
    ]);
  });
});
