import pino, { LevelWithSilent, Logger } from 'pino';
import pretty from 'pino-pretty';

export const LOG_LEVELS: LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Paths that may carry credentials. Request bodies are never logged at all (the access log writes none), so source
 * code and passwords only need guarding where a log call passes an object that holds them.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-auth-token"]',
  'res.headers["set-cookie"]',
  'password',
  'sourceCode',
  'accessToken',
  'refreshToken',
  '*.password',
  '*.sourceCode',
  '*.accessToken',
  '*.refreshToken',
];

export interface LoggerOptions {
  /** `api` or `judge-worker`: the `app` field of every line. */
  app: string;
  level: LevelWithSilent;
  /** Readable coloured lines (development) instead of one JSON object per line (production, tests). */
  pretty: boolean;
  /** Fields every line gets from where it is written (the API's request id), without a child logger per request. */
  mixin?: () => object;
}

/**
 * The process's root logger. JSON goes through process.stdout (synchronous for files and pipes), which also
 * lets a test capture every line the app writes.
 */
export function createLogger(options: LoggerOptions): Logger {
  const destination = options.pretty
    ? pretty({
        colorize: process.stdout.isTTY,
        translateTime: 'SYS:HH:MM:ss.l',
        messageFormat: '{app} {if context}[{context}] {end}{msg}',
        ignore: 'pid,hostname,app,context',
        singleLine: true,
        destination: process.stdout,
      })
    : process.stdout;
  return pino(
    {
      level: options.level,
      base: { app: options.app },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: options.mixin,
    },
    destination,
  );
}
