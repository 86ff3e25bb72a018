import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { writeFileSync } from 'fs';

import { AppModule } from '../app.module';
import { buildOpenApiDocument } from '../app-setup';
import { loadAppConfig } from '../config/app-config';

/** Sorts object keys recursively so the committed document diffs cleanly. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Writes the OpenAPI document without a database or Redis: preview mode builds the module graph
 * (routes and DTO metadata) without instantiating providers.
 */
async function exportOpenApi(target: string): Promise<void> {
  const config = loadAppConfig({ NODE_ENV: 'test' });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { preview: true, logger: false });
  app.setGlobalPrefix('api');
  const document = buildOpenApiDocument(app);
  writeFileSync(target, JSON.stringify(sortKeys(document), null, 2) + '\n');
  await app.close();
}

exportOpenApi(process.argv[2] ?? 'libs/api-client/openapi.json').catch((error) => {
  console.error(error);
  process.exit(1);
});
