import { INestApplication, NotFoundException } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'fs';
import helmet from 'helmet';
import { join } from 'path';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from './config/app-config';
import { createValidationPipe } from './common/validation';

export const API_PREFIX = 'api';
/** JSON bodies carry whole problems with test data (up to 64 MiB of tests, plus their JSON escaping). */
export const JSON_BODY_LIMIT = '100mb';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Online Judge API')
    .setDescription('Problems, submissions, live grading, announcements and users.')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
  });
}

/** Global wiring shared by main.ts, the OpenAPI export and the integration tests. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.setGlobalPrefix(API_PREFIX);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // KaTeX and CodeMirror inject inline styles.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:', 'http:'],
        },
      },
    }),
  );
  app.useGlobalPipes(createValidationPipe());
  app.set('trust proxy', 'loopback');
  app.enableShutdownHooks();

  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApiDocument(app), { jsonDocumentUrl: `${API_PREFIX}/docs-json` });

  serveSpa(app, config);
}

/** Serves the built SPA: static files, and index.html for every client-side route outside /api. */
function serveSpa(app: NestExpressApplication, config: AppConfig): void {
  const dir = config.WEB_DIST_DIR;
  const index = dir ? join(dir, 'index.html') : '';
  const express = app.getHttpAdapter().getInstance();
  if (dir && existsSync(index)) {
    app.useStaticAssets(dir, { index: false, maxAge: '1h' });
  }
  express.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`)) return next();
    if (req.method !== 'GET' || !index || !existsSync(index)) return next(new NotFoundException('Not found'));
    res.sendFile(index);
  });
}
