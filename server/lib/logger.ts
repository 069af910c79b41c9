// JSON-lines logging on pino. Callers pass only explicit, safe fields: never headers, bodies,
// query strings, passwords or tokens. A line below the level costs one comparison.
import { pino, stdTimeFunctions } from 'pino';

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

export function createLogger({ level, write }: LoggerOptions): Logger {
  const destination = write === undefined ? pino.destination(1) : { write };
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
    enabled: (lineLevel) => log.isLevelEnabled(lineLevel),
  };
}
