import type { components } from '@oj/api-client';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { useLanguages } from '../../../api/languages';
import type { ImportedArchive } from '../components/ZipImport';
import {
  bodyFromValues,
  emptyValues,
  FormErrors,
  ProblemFormValues,
  standingErrors,
  validateValues,
  valuesFromProblem,
} from '../problem-form-values';
import { CaseData } from '../test-data';
import { useSaveProblem } from './useProblemEditing';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

type ProblemDto = components['schemas']['ProblemDto'];

const FIELD_PATHS: (keyof FormErrors)[] = [
  'title',
  'statement',
  'cpuTimeLimit',
  'memoryLimit',
  'outputLimit',
  'testCases',
  'judge0LanguageIds',
  'subtasks',
  'checker',
  'interactor',
];

/** Server VALIDATION_ERROR details at their fields; the rest, or any other failure, as one message. */
function serverErrors(error: unknown): { fields: FormErrors; general: string } {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'Failed to save problem' };
  const fields: FormErrors = {};
  const rest: string[] = [];
  for (const d of error.details ?? []) {
    const field = FIELD_PATHS.find((f) => d.path === f || d.path.startsWith(`${f}.`) || d.path.startsWith(`${f}[`));
    if (field && !fields[field]) fields[field] = d.message;
    else rest.push(d.message);
  }
  const general = error.code === 'VALIDATION_ERROR' ? rest.join(' ') : error.message || 'Failed to save problem';
  return { fields, general };
}

/**
 * The problem form's state (SPEC 2, create and edit): its values and the changes to them, the errors standing on
 * them (SPEC 5's checks before sending, the server's after), and the submit, which lands on the saved problem's
 * page. Unsaved changes hold navigation away (`blocker`) until the user confirms.
 */
export function useProblemForm(mode: 'create' | 'edit', problem?: ProblemDto) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ProblemFormValues>(() => (problem ? valuesFromProblem(problem) : emptyValues()));
  const [dirty, setDirty] = useState(false);
  // Errors with the values they were found on: each clears as soon as its field is fixed (standingErrors).
  const [found, setFound] = useState<{ errors: FormErrors; on: ProblemFormValues }>(() => ({ errors: {}, on: values }));
  const errors = standingErrors(found.errors, found.on, values);
  const [general, setGeneral] = useState<string | null>(null);
  const languages = useLanguages();
  const { blocker, allowNext } = useUnsavedChangesGuard(dirty);

  const change = (next: (v: ProblemFormValues) => ProblemFormValues) => {
    setValues(next);
    setDirty(true);
  };
  const set = <K extends keyof ProblemFormValues>(key: K, value: ProblemFormValues[K]) => change((v) => ({ ...v, [key]: value }));
  // A new problem offers every language the judge runs until the author narrows the list.
  const languagesChosen = useRef(false);
  useEffect(() => {
    if (mode === 'create' && languages.data && !languagesChosen.current)
      setValues((v) => ({ ...v, judge0LanguageIds: languages.data.map((l) => l.id) }));
  }, [mode, languages.data]);

  const save = useSaveProblem(mode === 'create' ? undefined : problem?.problemId, {
    onSuccess: (saved) => {
      setDirty(false);
      // Both land on the problem's page, where its admin actions are (issue 22 overrides SPEC's emptied create form).
      allowNext();
      void navigate(`/problems/${saved.problemId}`, { state: { flash: mode === 'create' ? 'Problem created' : 'Problem updated' } });
    },
    onError: (error) => {
      const { fields, general: message } = serverErrors(error);
      setFound({ errors: fields, on: values });
      setGeneral(message || null);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const problems = validateValues(values);
    setFound({ errors: problems, on: values });
    if (Object.keys(problems).length) return;
    save.mutate(bodyFromValues(values));
  };

  return {
    values,
    errors,
    general,
    languages,
    blocker,
    saving: save.isPending,
    submit,
    set,
    setCases: (kind: 'test' | 'sample', cases: CaseData[]) =>
      kind === 'sample' ? set('samples', cases) : change((v) => ({ ...v, testCases: cases, testCasesKnown: true })),
    importArchive: ({ cases, subtasks, checker, interactor }: ImportedArchive) =>
      change((v) => ({
        ...v,
        testCases: cases,
        subtasks,
        testCasesKnown: true,
        checker: checker ?? v.checker,
        interactor: interactor ?? v.interactor,
      })),
    changeSubtasks: (patch: (v: ProblemFormValues) => Partial<ProblemFormValues>) => change((v) => ({ ...v, ...patch(v) })),
    toggleLanguage: (id: number, on: boolean) => {
      languagesChosen.current = true;
      set('judge0LanguageIds', on ? [...values.judge0LanguageIds, id] : values.judge0LanguageIds.filter((l) => l !== id));
    },
  };
}
