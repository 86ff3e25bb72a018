import { Provider } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app-config';

const ACCESS_SECRET_NAME = 'jwt-access';

/** The key that signs and checks access tokens: JWT_ACCESS_SECRET, or the site's own generated one. */
export class JwtSecrets {
  constructor(readonly access: string) {}
}

/**
 * Reads a generated secret, creating it on the very first start. Instances starting together on one database
 * race on the primary key: one insert wins, the others do nothing and read the winner's value.
 */
async function persistedSecret(dataSource: DataSource, name: string): Promise<string> {
  await dataSource.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await dataSource.query('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return row.value;
}

export const jwtSecretsProvider: Provider = {
  provide: JwtSecrets,
  inject: [AppConfig, DataSource],
  useFactory: async (config: AppConfig, dataSource: DataSource) =>
    new JwtSecrets(config.JWT_ACCESS_SECRET ?? (await persistedSecret(dataSource, ACCESS_SECRET_NAME))),
};
