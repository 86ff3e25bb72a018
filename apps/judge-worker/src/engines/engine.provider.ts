import { Logger, Provider } from '@nestjs/common';
import { WorkerConfig } from '../config/worker-config';
import { Judge0Engine } from './judge0/judge0-engine';
import { JUDGE_ENGINE, JudgeEngine } from './judge-engine';
import { LocalEngine } from './local/local-engine';

/** JUDGE_ENGINE picks the engine: `local` (bubblewrap sandbox on this host) or `judge0` (a Judge0 CE server). */
export const engineProvider: Provider = {
  provide: JUDGE_ENGINE,
  inject: [WorkerConfig],
  useFactory: (config: WorkerConfig): JudgeEngine => {
    const logger = new Logger('Engine');
    if (config.JUDGE_ENGINE === 'judge0') {
      return new Judge0Engine({ baseUrl: config.JUDGE0_URL as string, authToken: config.JUDGE0_AUTH_TOKEN });
    }
    return new LocalEngine({ workRoot: config.SANDBOX_WORK_ROOT, logger });
  },
};
