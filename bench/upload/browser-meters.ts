// What the browser benchmark measures around one upload: memory of Chromium's renderers (the tab's
// is the one that burns the most CPU: page and worker run there), of its other processes and of the
// server, CPU seconds of each process involved, and how busy the two cores were.
import { chromiumProcesses } from './chromium';
import { startGroupRssSampler } from './group-rss';
import { startCpuMeter, startSystemCpuMeter, type SystemCpu } from './proc';
import { startRssSampler, type RssWindow } from './rss';

export type Measured = {
  /** The tab's renderer: VmRSS and its private part, RssAnon. */
  tabRss: RssWindow;
  tabAnon: RssWindow;
  /** Every page renderer together (the tab's, spares), and how many there were. */
  renderersRss: RssWindow;
  renderers: number;
  /** Chromium's browser, network and other utility processes together. */
  otherChromiumRss: RssWindow;
  serverRss: RssWindow;
  cpuSeconds: Record<string, number>;
  system: SystemCpu;
};

export type MeterTargets = { serverPid: number; daemons: Record<string, number> };

export async function startMeters({ serverPid, daemons }: MeterTargets): Promise<{ stop(): Promise<Measured> }> {
  const processes = await chromiumProcesses();
  const renderers = await startGroupRssSampler(processes.renderers);
  const others = await startGroupRssSampler([...processes.browser, ...processes.network, ...processes.others]);
  const server = await startRssSampler(serverPid);
  const cpu = await startCpuMeter({
    radosgw: [daemons['client.rgw'] ?? 0],
    osd: [daemons['osd.0'] ?? 0],
    renderer: processes.renderers,
    network: processes.network,
    browser: processes.browser,
    server: [serverPid],
  });
  const perRenderer = await startCpuMeter(Object.fromEntries(processes.renderers.map((pid) => [String(pid), [pid]])));
  const system = await startSystemCpuMeter();
  return {
    async stop() {
      const [systemCpu, cpuSeconds, rendererCpu] = [await system.stop(), await cpu.stop(), await perRenderer.stop()];
      const [renderersRss, otherChromiumRss, serverRss] = [
        await renderers.stop(),
        await others.stop(),
        await server.stop(),
      ];
      const [busiest = ''] = Object.entries(rendererCpu)
        .sort(([, a], [, b]) => b - a)
        .map(([pid]) => pid);
      const tab = renderersRss.byPid.get(Number(busiest));
      if (tab === undefined) throw new Error('no renderer used CPU during the upload');
      return {
        tabRss: tab.rss,
        tabAnon: tab.anon,
        renderersRss: renderersRss.sum,
        renderers: processes.renderers.length,
        otherChromiumRss: otherChromiumRss.sum,
        serverRss,
        cpuSeconds,
        system: systemCpu,
      };
    },
  };
}
