import { CheckerCompileJobData, CheckerCompileResult, CheckerTrialData, CheckerTrialOutcome } from '@oj/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { CheckerSandbox, JuryBinary, JuryCall } from '../engines/judge-engine';
import { CheckerFailure, juryJudgement } from './custom-checker-verdict';
import { juryCallOf, jurySourceOf } from './jury-programs';

/**
 * Compiles an author's checker for the API's check when a problem is saved, and runs it on a trial test if one is
 * given (the problem form's 'Test checker'): its verdict as a test would get it, or `failed` when it failed.
 */
export async function compileAndTryChecker(sandbox: CheckerSandbox, job: CheckerCompileJobData): Promise<CheckerCompileResult> {
  const build = await sandbox.build(jurySourceOf(job));
  if ('compilerOutput' in build) return { compiled: false, compilerOutput: build.compilerOutput };
  try {
    return { compiled: true, compilerOutput: '', ...(job.trial ? { trial: await tryOn(sandbox, build, juryCallOf(job), job.trial) } : {}) };
  } finally {
    build.release();
  }
}

/** The trial test is worth 1 point: the outcome's fraction is the share of a test's points. */
async function tryOn(sandbox: CheckerSandbox, binary: JuryBinary, call: JuryCall, trial: CheckerTrialData): Promise<CheckerTrialOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'oj-checker-trial-'));
  try {
    const outputPath = join(dir, 'output');
    writeFileSync(outputPath, trial.output, { mode: 0o600 });
    const run = await sandbox.check(binary, { input: trial.input, outputPath, answer: trial.answer }, call);
    const judgement = juryJudgement(run, call, 'checker', 1);
    return { outcome: judgement.status, fraction: judgement.fraction, message: judgement.message };
  } catch (error) {
    if (error instanceof CheckerFailure) return { outcome: 'failed', fraction: 0, message: error.message };
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
