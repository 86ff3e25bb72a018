import { NestExpressApplication } from '@nestjs/platform-express';
import { ApiErrorBody, ERROR_CODES } from '@oj/contracts';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'fs';
import { join, relative, sep } from 'path';

import { AppConfig } from '../config/app-config';

/** Vite's hashed output: a new build gets new names, so browsers may keep these for a year. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files (favicon): revalidated on every use, so a new release shows at once. */
const REVALIDATE = 'no-cache';

/** Anything under /assets/ and top-level names with an extension (/favicon.ico) are files; /u/ada.l is a route. */
function isFileRequest(path: string): boolean {
  return path.startsWith(`/${HASHED_DIR}/`) || /^\/[^/]+\.[A-Za-z0-9]+$/.test(path);
}

function notFound(res: Response): void {
  const body: ApiErrorBody = { message: 'Not found', code: ERROR_CODES.NOT_FOUND };
  res.status(404).json(body);
}

/**
 * Serves the built SPA: precompressed .br/.gz variants of its files, long caching for hashed assets, index.html
 * (no-cache) for every client-side route outside /api, and 404 for missing files and, unless WEB_SOURCE_MAPS is
 * set, source maps.
 */
export function serveSpa(app: NestExpressApplication, config: AppConfig, apiPrefix: string): void {
  const dir = config.WEB_DIST_DIR;
  const hasSpa = dir !== '' && existsSync(join(dir, 'index.html'));
  const files = hasSpa
    ? expressStaticGzip(dir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders: (res, file) =>
            res.setHeader('Cache-Control', relative(dir, file).startsWith(HASHED_DIR + sep) ? IMMUTABLE : REVALIDATE),
        },
      })
    : undefined;

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === `/${apiPrefix}` || req.path.startsWith(`/${apiPrefix}/`)) return next();
    if (!files || (req.method !== 'GET' && req.method !== 'HEAD')) return notFound(res);
    if (req.path.endsWith('.map') && !config.WEB_SOURCE_MAPS) return notFound(res);
    if (!isFileRequest(req.path)) req.url = '/index.html';
    files(req, res, (error?: unknown) => (error ? next(error) : notFound(res)));
  });
}
