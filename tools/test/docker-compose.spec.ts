import { spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';

import { WorkerConfig } from '../../apps/judge-worker/src/config/worker-config';

const root = join(__dirname, '../..');

/** `docker compose` (v2 plugin) or Debian's `docker-compose` (v1): either checks a compose file offline. */
function composeCommand(): string[] | null {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(command[0], [...command.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return command;
  }
  return null;
}

const compose = composeCommand();
/** Only the variables the files insist on; values are placeholders, nothing starts. */
const requiredEnv = { ADMIN_PASSWORD: 'placeholder', JUDGE0_AUTH_TOKEN: 'placeholder-token' };
const JUDGE0_FILES = ['-f', 'docker-compose.yml', '-f', 'docker-compose.judge0.yml'];

/** `compose <files> config` with exactly `env` over a bare environment (no variables of this shell leak in). */
function composeConfig(files: string[], env: Record<string, string>) {
  const [command, ...args] = compose as string[];
  return spawnSync(command, [...args, ...files, 'config'], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
}

/** One service's block of a `compose config` output (services at two spaces, their keys deeper). */
function serviceBlock(config: string, name: string): string {
  const lines = config.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  if (start < 0) throw new Error(`No service ${name} in:\n${config}`);
  const end = lines.findIndex((line, i) => i > start && /^ {0,2}\S/.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/**
 * `compose config` checks, only where compose can run them: left out where it is absent (no skipped test that
 * cannot fail), except on CI, which installs Debian's docker-compose, where its absence fails them.
 */
const composeChecks = compose || process.env.CI === 'true';
function composeCheck(): void {
  if (!compose) throw new Error('Neither `docker compose` nor `docker-compose` is installed');
}

if (composeChecks) {
  describe(`docker-compose.yml checked by ${compose?.join(' ') ?? 'compose (missing)'}`, () => {
    it('is valid for compose, alone and with the Judge0 file', () => {
      composeCheck();
      for (const files of [[], JUDGE0_FILES]) {
        const result = composeConfig(files, requiredEnv);
        if (result.status !== 0) throw new Error(`${compose?.join(' ')} ${files.join(' ')} config: ${result.stderr || result.error}`);
      }
    });

    it('refuses to start without ADMIN_PASSWORD, and Judge0 without JUDGE0_AUTH_TOKEN', () => {
      composeCheck();
      const noAdmin = composeConfig([], { JUDGE0_AUTH_TOKEN: 'placeholder-token' });
      expect(noAdmin.status).not.toBe(0);
      expect(noAdmin.stderr).toContain('ADMIN_PASSWORD');
      // The main file alone does not need the Judge0 token.
      expect(composeConfig([], { ADMIN_PASSWORD: 'placeholder' }).status).toBe(0);
      const noToken = composeConfig(JUDGE0_FILES, { ADMIN_PASSWORD: 'placeholder' });
      expect(noToken.status).not.toBe(0);
      expect(noToken.stderr).toContain('set JUDGE0_AUTH_TOKEN');
    });

    it('publishes no Judge0 port on the host, gives it the token the workers send, and keeps worker HTTP local', () => {
      composeCheck();
      const config = composeConfig(JUDGE0_FILES, requiredEnv).stdout;
      const judge0 = serviceBlock(config, 'judge0');
      expect(judge0).not.toMatch(/^\s+ports:/m);
      expect(judge0).toMatch(/AUTHN_TOKEN: placeholder-token/);
      const worker = serviceBlock(config, 'worker');
      expect(worker).toMatch(/JUDGE0_AUTH_TOKEN: placeholder-token/);
      expect(worker).toMatch(/JUDGE_ENGINE: judge0/);
      expect(worker).toMatch(/WORKER_HTTP_HOST: 127\.0\.0\.1/);
      expect(serviceBlock(config, 'judge0-workers')).not.toMatch(/^\s+ports:/m);
    });
  });
}

// What the image installs and runs is checked by production-install.spec.ts, without Docker.
describe('docker-compose.yml and the Dockerfile, read as files', () => {
  it('restarts every long-running service after a crash; only the one-shot migrate runs once (issue 32)', () => {
    const oneShot = new Set(['migrate']);
    for (const file of ['docker-compose.yml', 'docker-compose.judge0.yml']) {
      const services = (
        parse(readFileSync(join(root, file), 'utf8')) as { services: Record<string, { restart?: string; image?: string; build?: string }> }
      ).services;
      const longRunning = Object.entries(services).filter(([name, service]) => !oneShot.has(name) && (service.image || service.build));
      expect(longRunning.length).toBeGreaterThan(0);
      for (const [name, service] of longRunning) expect([file, name, service.restart]).toEqual([file, name, 'unless-stopped']);
    }
  });

  it('gives a stopping worker longer than its own stop grace period before compose kills it (issue 34)', () => {
    const worker = (
      parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { stop_grace_period?: string }> }
    ).services.worker;
    const graceMs = Number(/^(\d+)s$/.exec(worker.stop_grace_period ?? '')?.[1]) * 1000;
    // Room for the hand-back and the exit after the worker's own deadline.
    expect(graceMs - new WorkerConfig().WORKER_STOP_GRACE_MS).toBeGreaterThanOrEqual(10_000);
  });

  it('names compiled entry points that the builds produce', () => {
    const deployFiles = ['docker-compose.yml', 'docker-compose.judge0.yml', 'Dockerfile']
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n');
    const entries = [...new Set(deployFiles.match(/dist\/[\w./-]+\.js/g))];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.filter((entry) => !existsSync(join(root, entry)))).toEqual([]);
  });
});
