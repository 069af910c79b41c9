// The command table and the one place a failure becomes words on stderr and an exit code.
import { Command, CommanderError } from 'commander';
import { isApiError } from '@shared/api-error';
import { APP_VERSION } from '@shared/limits';
import { getCommand } from './commands/get.command';
import { loginCommand, logoutCommand } from './commands/login.command';
import { lsCommand } from './commands/ls.command';
import { mvCommand } from './commands/mv.command';
import { pasteCommand } from './commands/paste.command';
import { putCommand } from './commands/put.command';
import { requestCommand } from './commands/request.command';
import { rmCommand } from './commands/rm.command';
import { uploadCommand } from './commands/upload.command';
import type { CliContext } from './context';
import { CliError, ExitCode, exitCodeOf } from './output/exit-codes';
import { apiFailureLines } from './output/failure-message';

/** Every command, in the order `--help` lists them. */
const commands: readonly ((ctx: CliContext) => Command)[] = [
  loginCommand,
  logoutCommand,
  pasteCommand,
  uploadCommand,
  getCommand,
  lsCommand,
  putCommand,
  mvCommand,
  rmCommand,
  requestCommand,
];

const exitCodeHelp = `
Environment:
  CLIPDOCK_URL       the server, instead of the one \`clipdock login\` stored
  CLIPDOCK_KEY       an API key, instead of the stored sign-in
  CLIPDOCK_PASSWORD  a protected share's password for \`clipdock get\`
  XDG_CONFIG_HOME    the config folder is $XDG_CONFIG_HOME/clipdock (else ~/.config/clipdock)

Exit codes:
  0 done   1 usage or a local file   2 not signed in, or a credential or share password refused
  3 not found or gone   4 refused (permission, read-only, conflict, limits, bad values)
  5 server or storage unreachable or failing   130 interrupted (an upload resumes when run again)`;

export function createProgram(ctx: CliContext): Command {
  const program = new Command('clipdock')
    .description('Share text and files on a Clipdock server, and reach its mounts, from a terminal or a script.')
    .version(APP_VERSION, '-v, --version')
    .showHelpAfterError('(add --help for the usage)')
    .addHelpText('after', exitCodeHelp)
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    })
    .exitOverride();
  for (const make of commands) {
    // Commands made on their own inherit nothing when added: give them the program's output and exits.
    program.addCommand(make(ctx).copyInheritedSettings(program));
  }
  return program;
}

/** Runs the command line (`argv` without node and the script) and answers the exit code. */
export async function runCli(ctx: CliContext, argv: readonly string[]): Promise<number> {
  try {
    await createProgram(ctx).parseAsync([...argv], { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its message (or the help, or the version) already.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof CliError) {
      ctx.stderr.write(`clipdock: ${error.message}\n`);
      return error.exitCode;
    }
    if (isApiError(error)) {
      ctx.stderr.write(`clipdock: ${apiFailureLines(error).join('\n')}\n`);
      return exitCodeOf(error);
    }
    if (ctx.signal.aborted) {
      ctx.stderr.write('clipdock: interrupted\n');
      return ExitCode.interrupted;
    }
    ctx.stderr.write(`clipdock: ${error instanceof Error ? error.message : String(error)}\n`);
    return ExitCode.unavailable;
  }
}
