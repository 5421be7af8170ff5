/**
 * Structured JSON-lines logger on pino: one object per line (`time`, `level`, `service`, `msg`, then
 * the fields), debug/info on stdout and warn/error on stderr, written asynchronously (flushed on
 * exit), with the personal data events and requests carry — phones, e-mails, a sale's buyer —
 * replaced by "[redacted]" wherever they sit in the fields (up to four levels deep).
 */
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const LEVELS = new Set<LogLevel>(['debug', 'info', 'warn', 'error']);

/** Keys whose value is personal data, hidden at any depth up to four (`payload.buyer.phone`…). */
const PERSONAL_KEYS = ['phone', 'email', 'buyer', 'recipient', 'firstname', 'lastname'];
export const REDACTED_PATHS = PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);
export const REDACTED = '[redacted]';

let shared: DestinationStream | undefined;
/** One pair of asynchronous writers per process, shared by every logger (pino flushes them on exit). */
function destination(): DestinationStream {
  shared ??= pino.multistream(
    [
      { level: 'debug', stream: pino.destination({ fd: 1, sync: false }) },
      { level: 'warn', stream: pino.destination({ fd: 2, sync: false }) },
    ],
    { dedupe: true },
  );
  return shared;
}

/**
 * A logger for `service` (its name is on every line). `stream` replaces stdout/stderr (tests read
 * what is written).
 */
export function createLogger(
  service: string,
  level: LogLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info',
  base: Record<string, unknown> = {},
  stream?: DestinationStream,
): Logger {
  const root = pino(
    {
      level: LEVELS.has(level) ? level : 'info',
      base: { service },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
    },
    stream ?? destination(),
  );
  return wrap(Object.keys(base).length ? root.child(base) : root);
}

function wrap(log: PinoLogger): Logger {
  return {
    debug: (msg, fields) => (fields ? log.debug(fields, msg) : log.debug(msg)),
    info: (msg, fields) => (fields ? log.info(fields, msg) : log.info(msg)),
    warn: (msg, fields) => (fields ? log.warn(fields, msg) : log.warn(msg)),
    error: (msg, fields) => (fields ? log.error(fields, msg) : log.error(msg)),
    child: (fields) => wrap(log.child(fields)),
  };
}
