import { spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

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
/** Only the variables the file insists on; values are placeholders, nothing starts. */
const requiredEnv = { ADMIN_PASSWORD: 'placeholder' };

describe('docker-compose.yml', () => {
  it('has a compose command to check it with (CI installs Debian docker-compose)', () => {
    if (!compose && process.env.CI === 'true') throw new Error('Neither `docker compose` nor `docker-compose` is installed');
  });

  (compose ? it : it.skip)('is valid for compose, with and without the judge0 profile', () => {
    for (const profile of [[], ['--profile', 'judge0']]) {
      const [command, ...args] = compose as string[];
      const result = spawnSync(command, [...args, ...profile, 'config', '-q'], {
        cwd: root,
        env: { ...process.env, ...requiredEnv },
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`${compose?.join(' ')} ${profile.join(' ')} config: ${result.stderr || result.error}`);
    }
  });

  it('names compiled entry points that the builds produce', () => {
    const deployFiles = ['docker-compose.yml', 'Dockerfile'].map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
    const entries = [...new Set(deployFiles.match(/dist\/[\w./-]+\.js/g))];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.filter((entry) => !existsSync(join(root, entry)))).toEqual([]);
  });
});
