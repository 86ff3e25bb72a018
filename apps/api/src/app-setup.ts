import { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';

import { AppModule } from './app.module';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { ApiHttpAdapter } from './http/api-http-adapter';
import { compressResponses } from './http/compress-responses';
import { serveSpa } from './http/serve-spa';
import { API_DESCRIPTION } from './openapi/api-description';
import { mountOperationsRoutes, useOperationsMiddleware } from './operations-setup';

export const API_PREFIX = 'api';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Online Judge API')
    .setDescription(API_DESCRIPTION)
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
  });
}

/**
 * The API application, not yet configured: on ApiHttpAdapter's server, with no body parser middleware (the routes
 * that take a JSON body read it after their guards: JsonBody).
 */
export function createApiApp(config: AppConfig, options: NestApplicationOptions = {}): Promise<NestExpressApplication> {
  return NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ApiHttpAdapter(), { ...options, bodyParser: false });
}

/** Global wiring shared by main.ts, the OpenAPI export and the integration tests. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  useOperationsMiddleware(app);
  app.setGlobalPrefix(API_PREFIX);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // KaTeX and CodeMirror inject inline styles.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:', 'http:'],
          // Self-hosted sites are often plain http by IP or LAN name: upgrading would fetch the JS and CSS over
          // an https that does not exist and leave a blank page. TLS belongs to a reverse proxy (docs/operating.md).
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(compressResponses());
  app.useGlobalPipes(createValidationPipe());
  app.set('trust proxy', config.trustProxy);

  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApiDocument(app), { jsonDocumentUrl: `${API_PREFIX}/docs-json` });

  mountOperationsRoutes(app, config);
  serveSpa(app, config, API_PREFIX);
}
