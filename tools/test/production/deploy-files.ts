import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';

/**
 * What the deployment files run, read from them so the production-install check runs exactly that: the Dockerfile's
 * runtime stage (its install command, the tools it copies, its command: the API) and docker-compose.yml's one-shot
 * `migrate` and its `worker`.
 */
export interface DeploySteps {
  /** The runtime stage's `npm install …` (without the cache clean that follows it in the image). */
  install: string[];
  /** The files of tools/ the image copies beside dist/. */
  tools: string[];
  api: string[];
  migrate: string[];
  worker: string[];
}

const root = join(__dirname, '../../..');

export function readDeploySteps(): DeploySteps {
  const stages = readFileSync(join(root, 'Dockerfile'), 'utf8').split(/^FROM /m);
  const runtime = stages[stages.length - 1];
  const install = /^RUN (npm install [^&\n]*)/m.exec(runtime)?.[1];
  const tools = /^COPY ((?:tools\/\S+ )+)\.\/tools\/$/m.exec(runtime)?.[1];
  const command = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
  if (!install || !tools || !command) throw new Error("The Dockerfile's runtime stage has no `RUN npm install`, `COPY tools/…` or `CMD`");
  const services = (parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { command: string[] }> })
    .services;
  return {
    install: install.trim().split(/\s+/),
    tools: tools.trim().split(/\s+/),
    api: JSON.parse(command) as string[],
    migrate: services.migrate.command,
    worker: services.worker.command,
  };
}
