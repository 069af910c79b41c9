// How long a passphrase share's key takes in Chromium (docs/encryption.md, "Passphrases"): Argon2id
// from hash-wasm, as the app's passphrase worker runs it, with the parameters new shares get and a
// few neighbours, each several times in one page; medians. Also the same in Node for comparison.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { argon2id } from 'hash-wasm';
import { DEFAULT_KDF_COST } from '@shared/e2ee/lock';
import { launchChromium } from './chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const rounds = Number(args.rounds);

const candidates = [
  { memory: DEFAULT_KDF_COST.memory, iterations: DEFAULT_KDF_COST.iterations },
  { memory: 65_536, iterations: 3 },
  { memory: 65_536, iterations: 8 },
  { memory: 131_072, iterations: 3 },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const umd = await readFile(`${root}/node_modules/hash-wasm/dist/argon2.umd.min.js`, 'utf8');
  const browser = await launchChromium();
  const lines = [
    `date: ${new Date().toISOString()}`,
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadavg()[0]?.toFixed(2)} before`,
    `command: npx tsx bench/upload/kdf.ts --rounds ${rounds}; Chromium ${browser.version()}, Node ${process.version}`,
    '',
    '| m (KiB) | t | p | Chromium median ms | Chromium min–max ms | Node median ms |',
    '|---|---|---|---|---|---|',
  ];
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: umd });
    for (const { memory, iterations } of candidates) {
      const times = await page.evaluate(
        async ([m, t, n]) => {
          const out: number[] = [];
          const hashwasm = (window as unknown as { hashwasm: { argon2id: typeof argon2id } }).hashwasm;
          for (let i = 0; i < n; i += 1) {
            const started = performance.now();
            await hashwasm.argon2id({
              password: 'correct horse battery staple',
              salt: new Uint8Array(16),
              parallelism: 1,
              iterations: t,
              memorySize: m,
              hashLength: 32,
              outputType: 'binary',
            });
            out.push(Math.round(performance.now() - started));
          }
          return out;
        },
        [memory, iterations, rounds] as const,
      );
      const node: number[] = [];
      for (let i = 0; i < rounds; i += 1) {
        const started = performance.now();
        await argon2id({
          password: 'correct horse battery staple',
          salt: new Uint8Array(16),
          parallelism: 1,
          iterations,
          memorySize: memory,
          hashLength: 32,
          outputType: 'binary',
        });
        node.push(Math.round(performance.now() - started));
      }
      const mark = memory === DEFAULT_KDF_COST.memory && iterations === DEFAULT_KDF_COST.iterations ? ' (default)' : '';
      lines.push(
        `| ${memory}${mark} | ${iterations} | 1 | ${median(times)} | ${Math.min(...times)}–${Math.max(...times)} | ${median(node)} |`,
      );
    }
  } finally {
    await browser.close();
  }
  lines.push('', `load average after: ${loadavg()[0]?.toFixed(2)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
