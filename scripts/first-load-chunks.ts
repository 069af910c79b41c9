// How the first load's JavaScript is cut into files (see docs/first-load.md).
//
// Left to itself, the bundler makes one chunk per set of dynamic imports sharing a module: a share
// page needed about 45 script files, most under 1 KB, and on HTTP/1.1 (six connections per host)
// each costs a round trip. firstLoadChunks groups them instead:
// - `start-app`: every module the start (src/ui/app/start.tsx) and its stages evaluate before the
//   first render, in one file. The output keeps each module's body in its own init function
//   (strictExecutionOrder, set in vite.config.ts), so the stages still evaluate one by one, each
//   in its own task, however the modules are grouped.
// - `screen-<pages>`: what the route pages' screens need (the modules listed in routePages), one
//   file per set of pages sharing it, so a page downloads no other page's screen.
// - `screen-<page>-session`: what only a page's session modules need (the explorer behind its
//   sign-in notice), kept apart so the notice loads without it. What they share with any page's
//   screen goes with that page's set instead, so the share pages' files are not split further.
// - `start-services`: what the later start (src/ui/app/start-services.ts: the app's services)
//   and its stages evaluate. The start imports it, but it is not one of the start's stages: a
//   page that paints without it (the home page) downloads it after its first paint. The later
//   start's own few lines, and the modules it shares with any screen, go with `start-app`.
// The entry's own modules (src/ui/main.tsx and what it imports), the start and each listed module
// keep their own chunks: the entry runs before the app's code has arrived, and the route pages and
// the start's preload list find their chunks by those modules.
//
// The start-app and start-services files also begin with V8's compile hint
// `//# allFunctionsCalledOnLoad`: nearly all of their functions run during the first load, so
// compiling them all while the file streams in, off the main thread, saves compiling each on the
// main thread the first time it is called (React DOM's was the largest single task of the start).
import type { Plugin, Rolldown } from 'vite';

type Groups = { name: (id: string) => string | null; plugin: Plugin };

const START_GROUP = 'start-app';
/** The later start's file, found by this name (scripts/first-load-plugins.ts). */
export const LATER_GROUP = 'start-services';
const compileHint = '//# allFunctionsCalledOnLoad\n';

/** A route page's screen: the modules it shows first, and those it needs only with a session. */
export type Screen = { name: string; modules: readonly string[]; sessionModules?: readonly string[] };

/** `entry`, `start` and `laterStart` are paths from the project root. */
export function firstLoadChunks(entry: string, start: string, laterStart: string, screens: readonly Screen[]): Groups {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'clipdock:first-load-chunks',
    apply: 'build',
    // The module graph is complete here; the bundler asks for the groups when it cuts the chunks.
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const idOf = (module: string) => {
        const id = ids.find((candidate) => candidate.endsWith(`/${module}`));
        if (id === undefined) throw new Error(`no module ${module} in the build`);
        return id;
      };
      const staticClosure = (root: string, into = new Set<string>()) => {
        const stack = [root];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const entryModules = staticClosure(idOf(entry));
      const startId = idOf(start);
      const laterId = idOf(laterStart);
      const ownChunks = new Set([
        startId,
        ...screens.flatMap(({ modules, sessionModules = [] }) => [...modules, ...sessionModules]).map(idOf),
      ]);
      const grouped = (id: string) => !entryModules.has(id) && !ownChunks.has(id);
      const withStages = (root: string, into = new Set<string>()) => {
        staticClosure(root, into);
        for (const stage of this.getModuleInfo(root)?.dynamicallyImportedIds ?? [])
          if (stage !== laterId) staticClosure(stage, into);
        return into;
      };

      const startModules = withStages(startId).add(laterId);
      const screenModules = new Set<string>();
      for (const { modules, sessionModules = [] } of screens)
        for (const module of [...modules, ...sessionModules]) staticClosure(idOf(module), screenModules);
      for (const id of withStages(laterId)) {
        if (!grouped(id) || startModules.has(id)) continue;
        if (screenModules.has(id)) startModules.add(id);
        else groupOf.set(id, LATER_GROUP);
      }
      for (const id of startModules) if (grouped(id)) groupOf.set(id, START_GROUP);

      const closureOf = (modules: readonly string[]) => {
        const closure = new Set<string>();
        for (const module of modules) staticClosure(idOf(module), closure);
        return [...closure].filter((id) => grouped(id) && !startModules.has(id));
      };
      const pagesOf = new Map<string, string[]>();
      const add = (id: string, page: string) => pagesOf.set(id, [...new Set([...(pagesOf.get(id) ?? []), page])]);
      for (const { name, modules } of screens) for (const id of closureOf(modules)) add(id, name);
      for (const { name, sessionModules = [] } of screens) {
        for (const id of closureOf(sessionModules)) {
          if (pagesOf.has(id)) add(id, name);
          else groupOf.set(id, `screen-${name}-session`);
        }
      }
      for (const [id, pages] of pagesOf) groupOf.set(id, `screen-${pages.join('-')}`);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Rolldown.OutputBundle) {
        for (const group of [START_GROUP, LATER_GROUP]) {
          const chunks = Object.values(bundle).filter((output) => output.type === 'chunk' && output.name === group);
          if (chunks.length !== 1) throw new Error(`expected one ${group} chunk, found ${chunks.length}`);
          for (const chunk of chunks) if (chunk.type === 'chunk') chunk.code = compileHint + chunk.code;
        }
      },
    },
  };
  return { name: (id) => groupOf.get(id) ?? null, plugin };
}
