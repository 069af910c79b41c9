// compose.yaml as the deploy test runs it: Debian's docker-compose with the test's override
// (tests/deploy/compose.host.yaml: the local images, the host network, the test's ports), one
// project name, and the variables both files read. Docker refuses published ports on the host
// network and an override cannot remove a list, so the test runs a copy of compose.yaml without
// its `ports:` lists, from the repository's folder (for its relative paths).
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { check } from './deploy-checks';
import { run } from './shell';

const repo = resolve(import.meta.dirname, '../..');

/** compose.yaml without its `ports:` lists, everything else as written. */
export async function writeHostNetworkCompose(dir: string): Promise<string> {
  const kept: string[] = [];
  let skipDeeperThan: number | undefined;
  for (const line of (await readFile(join(repo, 'compose.yaml'), 'utf8')).split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (skipDeeperThan !== undefined && (line.trim() === '' || indent > skipDeeperThan)) continue;
    skipDeeperThan = undefined;
    if (/^\s+ports:\s*$/.test(line)) {
      skipDeeperThan = indent;
      continue;
    }
    kept.push(line);
  }
  const text = kept.join('\n');
  check(!/^\s+ports:/m.test(text) && text.includes('services:'), 'compose.yaml without its ports');
  const file = join(dir, 'compose.yaml');
  await writeFile(file, text);
  return file;
}

export class ComposeStack {
  constructor(
    readonly project: string,
    private readonly composeFile: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Runs docker-compose with both files; `scaled` adds `--profile scaled`, as every command but the default `up` needs. */
  compose(args: readonly string[], { scaled = true, timeoutMs = 10 * 60_000 } = {}): Promise<string> {
    const files = ['-f', this.composeFile, '-f', join(import.meta.dirname, 'compose.host.yaml')];
    const profile = scaled ? ['--profile', 'scaled'] : [];
    return run(
      'docker-compose',
      ['--project-name', this.project, '--project-directory', repo, ...files, ...profile, ...args],
      { cwd: repo, env: { ...process.env, ...this.env }, timeoutMs },
    );
  }

  /**
   * `docker compose up -d` (no profile: the one-instance service) or `docker compose --profile
   * scaled up -d proxy` (the proxy and everything it depends on). The images are the test's.
   */
  up(profile: 'default' | 'scaled'): Promise<string> {
    return profile === 'default'
      ? this.compose(['up', '-d', '--no-build'], { scaled: false })
      : this.compose(['up', '-d', '--no-build', 'proxy']);
  }

  /** Stops and removes the containers, keeping the volumes, or removing them too. */
  down(options: { volumes: boolean }): Promise<string> {
    return this.compose(['down', '--remove-orphans', '--timeout', '30', ...(options.volumes ? ['--volumes'] : [])]);
  }

  /** Runs a command in a service's running container. */
  exec(service: string, command: readonly string[]): Promise<string> {
    return this.compose(['exec', '-T', service, ...command]);
  }

  /** The health Docker reports for a service's container (`healthy`, `starting`, `unhealthy`). */
  async health(service: string): Promise<string> {
    const id = (await this.compose(['ps', '-q', service])).trim();
    return (await run('docker', ['inspect', '--format', '{{.State.Health.Status}}', id])).trim();
  }

  /** The last lines every container printed, for a failure report. */
  logs(lines = 60): Promise<string> {
    return this.compose(['logs', '--no-color', '--tail', String(lines)]).catch((error: unknown) => String(error));
  }
}
