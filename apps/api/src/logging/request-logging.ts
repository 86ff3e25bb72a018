import { NestExpressApplication } from '@nestjs/platform-express';
import { acceptRequestId, METRICS_PATH, REQUEST_ID_HEADER, ROOT_LOGGER } from '@oj/observability';
import type { IncomingMessage, ServerResponse } from 'http';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** Probes and scrapes arrive every few seconds; logging each would bury everything else. */
function isProbe(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0];
  return path === METRICS_PATH || path.startsWith('/api/health');
}

/**
 * First middleware of the API: gives every request an id (a sane incoming X-Request-Id, else a UUID), echoes
 * it in the response, logs the request when it ends (method, URL, status, time; no bodies, credential headers
 * redacted) and routes Nest's own log lines through the same pino logger.
 */
export function useRequestLogging(app: NestExpressApplication): void {
  const logger = app.get<Logger>(ROOT_LOGGER);
  app.useLogger(app.get(NestPinoLogger));
  app.use(
    pinoHttp({
      logger,
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: isProbe },
      // The status is what matters of a response; its headers are the same security headers every time.
      serializers: { res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
      // 503/504 are answers (no worker, Redis down, a validation timing out), not faults; a real 500's stack is logged
      // by the exception filter, so the access line carries no error object of its own.
      customLogLevel: (_req, res, error) =>
        res.statusCode === 503 || res.statusCode === 504 ? 'warn' : error || res.statusCode >= 500 ? 'error' : 'info',
      customErrorObject: (_req, _res, _error, line) => ({ ...line, err: undefined }),
    }),
  );
}
