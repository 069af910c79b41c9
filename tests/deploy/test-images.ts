// The images the deploy test runs, made from Debian's packages since no image registry is
// reachable: a Debian base from debootstrap, and on it Node 22 (the stand-in for the official
// Node image the Dockerfile defaults to), PostgreSQL, radosgw and nginx. Each is tagged with a
// hash of what it is made of, so a re-run finds it built and a changed recipe builds anew.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipe, run, succeeds } from './shell';

const repo = resolve(import.meta.dirname, '../..');
const recipes = join(import.meta.dirname, 'images');
const prefix = 'clipdock-deploy-test';
export const debianImage = `${prefix}/debian:bookworm`;
const mirror = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
/** npm as the official Node 22 image ships it. */
const npmVersion = '10.9.8';
/** This machine reaches npm through its own certificate authority; the test's Node image trusts it too. */
const hostCa = '/etc/ssl/certs/ca-certificates.crt';

export type Log = (line: string) => void;

export const imageExists = (tag: string) => succeeds('docker', ['image', 'inspect', tag]);

/** debootstrap's minimal bookworm, imported once and kept by name. */
export async function ensureDebianBase(log: Log): Promise<string> {
  if (await imageExists(debianImage)) return debianImage;
  log(`making ${debianImage} with debootstrap (a few minutes, once)`);
  const dir = await mkdtemp(join('/var/tmp', `${prefix}-`));
  try {
    const root = join(dir, 'rootfs');
    await run('debootstrap', ['--variant=minbase', 'bookworm', root, mirror], { timeoutMs: 30 * 60_000 });
    await run('find', [join(root, 'var/cache/apt/archives'), '-name', '*.deb', '-delete']);
    // As in Debian's own images: package scripts never start services inside a container.
    await writeFile(join(root, 'usr/sbin/policy-rc.d'), '#!/bin/sh\nexit 101\n', { mode: 0o755 });
    await pipe(['tar', '-C', root, '-c', '.'], ['docker', 'import', '-', debianImage]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return debianImage;
}

type Recipe = {
  name: string;
  /** Files of tests/deploy/images or the repository to copy into the build context, besides the Dockerfile. */
  files?: { from: string; as: string }[];
  /** What else the image is made of, for its tag. */
  key?: string[];
  /** Fills the build context with what cannot simply be copied. */
  prepare?: (context: string) => Promise<void>;
};

async function ensureImage(recipe: Recipe, log: Log): Promise<string> {
  const dockerfile = join(recipes, `${recipe.name}.Dockerfile`);
  const base = (await run('docker', ['image', 'inspect', '--format', '{{.Id}}', debianImage])).trim();
  const hash = createHash('sha256')
    .update(base)
    .update(await readFile(dockerfile));
  for (const file of recipe.files ?? []) hash.update(file.as).update(await readFile(file.from));
  for (const part of recipe.key ?? []) hash.update(part);
  const tag = `${prefix}/${recipe.name}:${hash.digest('hex').slice(0, 12)}`;
  if (await imageExists(tag)) return tag;
  log(`building ${tag}`);
  const context = await mkdtemp(join('/var/tmp', `${prefix}-${recipe.name}-`));
  try {
    await copyFile(dockerfile, join(context, 'Dockerfile'));
    for (const file of recipe.files ?? []) await copyFile(file.from, join(context, file.as));
    await recipe.prepare?.(context);
    await run(
      'docker',
      ['build', '--network', 'host', '--build-arg', `DEBIAN_IMAGE=${debianImage}`, '-t', tag, context],
      { timeoutMs: 30 * 60_000 },
    );
  } finally {
    await rm(context, { recursive: true, force: true });
  }
  await removeOtherTags(`${prefix}/${recipe.name}`, tag);
  return tag;
}

/** Older builds of the same recipe, replaced by this one. */
async function removeOtherTags(repository: string, keep: string): Promise<void> {
  const tags = (await run('docker', ['images', '--format', '{{.Repository}}:{{.Tag}}', repository])).split('\n');
  for (const tag of tags) {
    if (tag !== '' && tag !== keep) await run('docker', ['rmi', tag]).catch(() => undefined);
  }
}

const script = (name: string) => ({ from: join(recipes, name), as: name });

/** Node 22 from the npm package `node` (this process's own binary), npm, and the host's CA. */
export function ensureNodeImage(log: Log): Promise<string> {
  if (!process.version.startsWith('v22.')) throw new Error(`the deploy test runs on Node 22, not ${process.version}`);
  const ca = existsSync(hostCa);
  return ensureImage(
    {
      name: 'node',
      files: ca ? [{ from: hostCa, as: 'host-ca.crt' }] : [],
      key: [process.version, npmVersion],
      prepare: async (context) => {
        await copyFile(process.execPath, join(context, 'node'));
        if (!ca) await writeFile(join(context, 'host-ca.crt'), '');
        const packed = (await run('npm', ['pack', `npm@${npmVersion}`, '--silent', '--pack-destination', context]))
          .trim()
          .split('\n')
          .at(-1);
        await mkdir(join(context, 'npm'));
        await run('tar', ['-xzf', join(context, packed ?? ''), '-C', join(context, 'npm'), '--strip-components=1']);
      },
    },
    log,
  );
}

export const ensurePostgresImage = (log: Log) =>
  ensureImage({ name: 'postgres', files: [script('postgres-entry.sh')] }, log);

export const ensureRadosgwImage = (log: Log) =>
  ensureImage(
    {
      name: 'radosgw',
      files: [script('radosgw-entry.sh'), { from: join(repo, 'scripts/local-rgw.sh'), as: 'local-rgw.sh' }],
    },
    log,
  );

export const ensureNginxImage = (log: Log) => ensureImage({ name: 'nginx' }, log);
