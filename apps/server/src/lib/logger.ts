/**
 * The redacting logger. Bodies are never logged (Fastify does not log them, and no handler does);
 * headers and any field that looks like a secret are censored wherever they appear; request lines
 * carry the method, the path without its query string, and the request id.
 */
import pino from 'pino'
import type { DestinationStream, Logger } from 'pino'
import type { Config } from '../config'

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.appSecret',
  '*.adminToken',
  '*.smtpPassword',
  '*.authorization',
  '*.cookie',
]

export function createLogger(config: Pick<Config, 'logLevel'>, stream?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        // A query string can carry a reset token or an email address: keep the path only.
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          id: req.id,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    stream,
  )
}
