// The typed API client: schema.d.ts is generated from openapi.json (npm run openapi); never edit it by hand.
import createClient, { type ClientOptions } from 'openapi-fetch';

import type { components, paths } from './schema';

export type { components, paths };
export type Schemas = components['schemas'];

export function createApiClient(options: ClientOptions = {}) {
  return createClient<paths>(options);
}

export type ApiClient = ReturnType<typeof createApiClient>;
