// What every command works with: the environment, the three standard streams, the working folder
// and a signal that aborts on Ctrl-C. The entry hands in the process's own; nothing else is global.
export type CliContext = {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  cwd: string;
  /** Aborted when the user interrupts (SIGINT, SIGTERM). */
  signal: AbortSignal;
};
