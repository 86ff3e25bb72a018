import { Logger, Provider } from '@nestjs/common';
import { ICPC_VALIDATOR_LANGUAGE_IDS } from '@oj/contracts';

import { WorkerConfig } from '../config/worker-config';
import { JUDGE_ENGINE, JudgeEngine } from './judge-engine';
import { Judge0Engine } from './judge0/judge0-engine';
import { LocalEngine } from './local/local-engine';

/**
 * JUDGE_ENGINE picks the engine: `local` (bubblewrap sandbox on this host) or `judge0` (a Judge0 CE server). The
 * grading (grading/grader.ts) applies the language time factors (LANGUAGE_TIME_FACTORS) whichever it is.
 */
export const engineProvider: Provider = {
  provide: JUDGE_ENGINE,
  inject: [WorkerConfig],
  useFactory: (config: WorkerConfig): JudgeEngine => {
    const logger = new Logger('Engine');
    if (config.JUDGE_ENGINE === 'judge0') {
      // Judge0 has no checkers: custom ones (C, C++, an ICPC validator in Python) run in a local sandbox, set up the
      // first time one is needed.
      let local: LocalEngine | null = null;
      const checkers = () =>
        (local ??= new LocalEngine({
          workRoot: config.SANDBOX_WORK_ROOT,
          logger,
          languageIds: ICPC_VALIDATOR_LANGUAGE_IDS,
          checkerCacheBytes: config.checkerCacheBytes,
          // Checkers compile once each (then cached), most against testlib.h alone.
          precompiledHeaders: false,
        })).checkers();
      return new Judge0Engine({ baseUrl: config.JUDGE0_URL as string, authToken: config.JUDGE0_AUTH_TOKEN, checkers });
    }
    const engine = new LocalEngine({
      workRoot: config.SANDBOX_WORK_ROOT,
      logger,
      warmSlots: config.WORKER_CONCURRENCY,
      checkerCacheBytes: config.checkerCacheBytes,
      forkServer: config.JUDGE_FORK_SERVER === 'on',
    });
    // The first submissions find their boxes started; a failure here only means they start their own.
    engine.warm().catch((error: Error) => logger.warn(`Could not start warm boxes: ${error.message}`));
    return engine;
  },
};
