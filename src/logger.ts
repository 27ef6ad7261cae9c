import pino, { type Logger } from 'pino';

/**
 * The process logger. Logs never hold a secret or a token: requests are logged by route, never
 * with headers or bodies, and these paths are redacted should anything ever pass them along.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        'authorization',
        'client_secret',
        'access_token',
        'secret',
        'token',
        'senha',
        'password',
      ],
      censor: '[redacted]',
    },
  });
}
