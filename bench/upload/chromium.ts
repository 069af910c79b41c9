// Debian's Chromium under Playwright, plus a map of its processes: the renderers (the tab and its
// Web Worker live there) apart from the browser, network, GPU and other utility processes.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { descendants, readCmdline } from './proc';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's switches for every benchmark: no GPU, no background traffic, no first-run UI. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** The same browser with its profile in `userDataDir`, where a benchmark can find what the page stored. */
export function launchChromiumWithProfile(
  userDataDir: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    ...options,
  });
}

/** `renderers` are the pages' renderers; Chromium's own UI renderer (top-chrome WebUI) counts as `others`. */
export type ChromiumProcesses = { browser: number[]; renderers: number[]; network: number[]; others: number[] };

/** Chromium processes started by this benchmark process, by role. */
export async function chromiumProcesses(): Promise<ChromiumProcesses> {
  const found: ChromiumProcesses = { browser: [], renderers: [], network: [], others: [] };
  const pids = await descendants(process.pid);
  for (const pid of pids) {
    // Chromium rewrites its child processes' command lines into one space-separated string.
    const cmdline = (await readCmdline(pid)).join(' ');
    if (!cmdline.startsWith('/usr/lib/chromium/') && !cmdline.startsWith(CHROMIUM_PATH)) continue;
    const type = /--type=(\S+)/.exec(cmdline)?.[1];
    if (type === undefined) found.browser.push(pid);
    else if (type === 'renderer' && !cmdline.includes('--top-chrome-webui')) found.renderers.push(pid);
    else if (cmdline.includes('network.mojom.NetworkService')) found.network.push(pid);
    else found.others.push(pid);
  }
  if (found.browser.length === 0 || found.renderers.length === 0) {
    throw new Error(`Chromium processes not found among this process's descendants (${pids.join(', ')})`);
  }
  return found;
}
