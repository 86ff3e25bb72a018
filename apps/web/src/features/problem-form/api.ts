import type { components } from '@oj/api-client';

import { api, unwrap } from '../../api/client';
import { ProblemBody } from './problem-form-values';

type Schemas = components['schemas'];
export type ValidationResult = Schemas['ValidationResultDto'];
export type ValidateRequest = Schemas['ValidateRequestDto'];

/** Known algorithms, for the Algorithms field's suggestions. */
export const fetchAlgorithms = async () => (await unwrap(api.GET('/api/problems/algorithms'))).items;

export function createProblem(body: ProblemBody) {
  // A new problem always carries its test cases (the form checks there is at least one).
  return unwrap(api.POST('/api/problems', { body: body as Schemas['ProblemInputDto'] }), 'Failed to save problem');
}

export function updateProblem(problemId: number, body: ProblemBody) {
  return unwrap(api.PUT('/api/problems/{problemId}', { params: { path: { problemId } }, body }), 'Failed to save problem');
}

/** Test cases from a .zip of matching input/output files, as multipart (file, trimWhitespace). */
export function parseTestArchive(file: File, trimWhitespace: boolean) {
  return unwrap(
    api.POST('/api/problems/testcases/zip-parse', {
      body: { file: file.name, trimWhitespace: trimWhitespace ? 'true' : 'false' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file);
        form.append('trimWhitespace', String(trimWhitespace));
        return form;
      },
    }),
    'Failed to parse test case archive',
  );
}

export function validateSolution(body: ValidateRequest) {
  return unwrap(api.POST('/api/judge/validate', { body }), 'Failed to validate test cases');
}

export type CheckerTrialRequest = Schemas['CheckerTrialRequestDto'];
export type CheckerTrialResult = Schemas['CheckerTrialResultDto'];

export function tryChecker(body: CheckerTrialRequest) {
  return unwrap(api.POST('/api/judge/checker-trial', { body }), 'Failed to test the checker');
}

/** Admins: a Polygon or ICPC problem package made into a new private problem; answers it with the import warnings. */
export function importProblemPackage(file: File) {
  return unwrap(
    api.POST('/api/problems/import', {
      body: { file: file.name },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file);
        return form;
      },
    }),
    'Failed to import the package',
  );
}
export type PackageImportResult = Awaited<ReturnType<typeof importProblemPackage>>;

export type RunRequest = Schemas['RunRequestDto'];
export type RunResult = Schemas['RunResultDto'];

/** 'Test interactor': a solution run against the form's interactor (not saved yet), the sample's input its input file. */
export function tryInteractor(body: RunRequest & Required<Pick<RunRequest, 'interactor'>>) {
  return unwrap(api.POST('/api/judge/run', { body }), 'Failed to test the interactor');
}
