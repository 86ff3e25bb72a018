import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

import { BaseConfig, loadConfig, toBool, toInt } from './base-config';

class ExampleConfig extends BaseConfig {
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WORKERS = 2;

  @Transform(toBool)
  FEATURE = false;
}

describe('base configuration', () => {
  it('has working local defaults for the settings every app shares', () => {
    expect(loadConfig(ExampleConfig, {})).toMatchObject({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/online_judge',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'oj',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: undefined,
      WORKERS: 2,
    });
  });

  it('reads the environment, converting numbers and flags, and treats empty values as unset', () => {
    const config = loadConfig(ExampleConfig, {
      NODE_ENV: 'test',
      REDIS_PREFIX: 'site-a',
      WORKERS: '5',
      FEATURE: 'true',
      DATABASE_URL: '',
      METRICS_TOKEN: 'a-token-of-16-chars',
    });
    expect(config).toBeInstanceOf(ExampleConfig);
    expect(config).toMatchObject({
      NODE_ENV: 'test',
      REDIS_PREFIX: 'site-a',
      WORKERS: 5,
      FEATURE: true,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/online_judge',
      METRICS_TOKEN: 'a-token-of-16-chars',
    });
    expect(loadConfig(ExampleConfig, { FEATURE: 'false' }).FEATURE).toBe(false);
  });

  it.each([
    [
      { NODE_ENV: 'staging' },
      'Invalid configuration: NODE_ENV: NODE_ENV must be one of the following values: development, production, test',
    ],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL: LOG_LEVEL must be one of the following values: /],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN: METRICS_TOKEN must be longer than or equal to 16 characters'],
    [{ WORKERS: 'many' }, /^Invalid configuration: WORKERS: .*WORKERS must be an integer number/],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(ExampleConfig, env)).toThrow(message);
  });

  it('names every variable at fault in one line, cross-setting rules included', () => {
    const crossChecks = (config: ExampleConfig) =>
      config.FEATURE && config.WORKERS < 3 ? [{ property: 'WORKERS', message: 'FEATURE needs at least 3 WORKERS' }] : [];
    expect(() => loadConfig(ExampleConfig, { NODE_ENV: 'staging', FEATURE: 'true' }, crossChecks)).toThrow(
      /^Invalid configuration: NODE_ENV: .* \| WORKERS: FEATURE needs at least 3 WORKERS$/,
    );
    expect(loadConfig(ExampleConfig, { FEATURE: 'true', WORKERS: '3' }, crossChecks).WORKERS).toBe(3);
  });
});
