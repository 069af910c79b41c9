// JSON-lines logger with a single write per line. Callers pass only explicit, safe fields:
// never headers, bodies, query strings, passwords or tokens.
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

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LoggerOptions = {
  level: LogLevel;
  /** Where finished lines go; stdout unless a test captures them. */
  write?: (line: string) => void;
};

export function createLogger({ level, write = (line) => process.stdout.write(line) }: LoggerOptions): Logger {
  const threshold = rank[level];
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (rank[lineLevel] < threshold) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg, ...fields })}\n`);
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    enabled: (lineLevel) => rank[lineLevel] >= threshold,
  };
}
