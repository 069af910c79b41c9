// JSON-lines logging on pino. Callers pass only explicit, safe fields: never headers, bodies,
// query strings, passwords or tokens. A level that is off is a function doing nothing.
import { pino } from 'pino';

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

export type LoggerOptions = {
  level: LogLevel;
  /** Where finished lines go; stdout unless a test captures them. */
  write?: (line: string) => void;
};

const noop = () => undefined;

/** pino's ISO timestamp, formatted once per millisecond instead of once per line. */
function isoTimeOncePerMs(): () => string {
  let at = -1;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

export function createLogger({ level, write }: LoggerOptions): Logger {
  const destination = write === undefined ? pino.destination(1) : { write };
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: isoTimeOncePerMs(),
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const on = (lineLevel: Exclude<LogLevel, 'silent'>) => log.isLevelEnabled(lineLevel);
  return {
    debug: on('debug') ? (msg, fields) => log.debug(fields ?? {}, msg) : noop,
    info: on('info') ? (msg, fields) => log.info(fields ?? {}, msg) : noop,
    warn: on('warn') ? (msg, fields) => log.warn(fields ?? {}, msg) : noop,
    error: on('error') ? (msg, fields) => log.error(fields ?? {}, msg) : noop,
    enabled: on,
  };
}
