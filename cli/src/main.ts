// The entry of the `clipdock` command: the process's streams and arguments in, its exit code out.
// Ctrl-C aborts what runs (an upload keeps its ids to resume); a second one ends the process.
import { runCli } from './program';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  });
}

process.exitCode = await runCli(
  {
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    signal: controller.signal,
  },
  process.argv.slice(2),
);
// Keep-alive sockets and a paused stdin must not hold the process open once the answer is out.
setImmediate(() => process.exit());
