// Every service receives the composition root's `Repositories`, which no import rule can narrow:
// this test reads the server's domains and fails when one calls another domain's repository
// through it (`repos.<name>.…`, `trx.<name>.…`, `within.<name>.…`, or an alias `= repos.<name>`),
// beyond the allowance list below (empty: every crossing goes through the owning domain's service).
// A repository's owner is the domain whose folder `repositories.ts` imports it from.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const modules = join(root, 'modules');

/** Crossings allowed while they wait to move behind a service (file inside server/modules → repositories): none. */
const notYetMoved: Record<string, string[]> = {};

/** Repository name → owning domain, read from the `Repositories` factory. */
function owners(): Map<string, string> {
  const source = readFileSync(join(root, 'db', 'repositories.ts'), 'utf8');
  const domainOf = new Map<string, string>();
  for (const [, names = '', domain = ''] of source.matchAll(/import \{ ([^}]+) \} from '@server\/modules\/([^/]+)\//g))
    for (const name of names.split(',')) domainOf.set(name.trim(), domain);
  const owner = new Map<string, string>();
  for (const [, key = '', repo = ''] of source.matchAll(/^\s+(\w+): new (\w+)\(db\),$/gm)) {
    const domain = domainOf.get(repo);
    if (domain !== undefined) owner.set(key, domain);
  }
  return owner;
}

/** The repositories a source file reaches through the shared set. */
function reposReached(source: string): Set<string> {
  const reached = new Set<string>();
  for (const [, key = ''] of source.matchAll(/\b(?:repos|trx|within)\.(\w+)\.\w+/g)) reached.add(key);
  for (const [, key = ''] of source.matchAll(/=\s*(?:this\.)?(?:repos|trx|within)\.(\w+);/g)) reached.add(key);
  return reached;
}

function crossings(owner: Map<string, string>): string[] {
  const found: string[] = [];
  for (const domain of readdirSync(modules)) {
    for (const file of readdirSync(join(modules, domain))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const path = `${domain}/${file}`;
      for (const key of reposReached(readFileSync(join(modules, path), 'utf8'))) {
        const theirs = owner.get(key);
        if (theirs === undefined || theirs === domain) continue;
        if (notYetMoved[path]?.includes(key)) continue;
        found.push(`${path} reaches ${theirs}'s ${key}`);
      }
    }
  }
  return found;
}

describe('repositories across domains', () => {
  const owner = owners();

  it('knows every repository of the shared set', () => {
    expect(owner.get('files')).toBe('files');
    expect(owner.get('mounts')).toBe('mounts');
    expect(owner.get('webdavLocks')).toBe('webdav');
    expect(owner.size).toBeGreaterThanOrEqual(18);
  });

  it('finds a call on the set, through a transaction or an alias, and not a service of the same name', () => {
    const source = [
      'await this.repos.mounts.findById(id);',
      'await trx.files.insert(row);',
      'return within.storageConfigs.usedBytes(id);',
      'this.keys = repos.apiKeys;',
      'await this.mounts.markRefreshed(ids, trx);',
    ].join('\n');
    expect([...reposReached(source)].sort()).toEqual(['apiKeys', 'files', 'mounts', 'storageConfigs']);
  });

  it('no domain calls another domain’s repository beyond the allowance list', () => {
    expect(crossings(owner)).toEqual([]);
  });

  it('lists no crossing that is gone', () => {
    const stale = Object.entries(notYetMoved).flatMap(([path, keys]) => {
      const reached = reposReached(readFileSync(join(modules, path), 'utf8'));
      return keys.filter((key) => !reached.has(key)).map((key) => `${path} no longer reaches ${key}`);
    });
    expect(stale).toEqual([]);
  });
});
