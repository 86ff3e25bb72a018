import type { components } from '@oj/api-client';
import { CPU_TIME_LIMIT, DIFFICULTIES, Difficulty, MEMORY_LIMIT_MB } from '@oj/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { useLanguages } from '../../../api/languages';
import { queryKeys } from '../../../api/query-keys';
import { ConfirmDialog } from '../../../components/Modal';
import { createProblem, updateProblem, useAlgorithms } from '../api';
import { checkerBody } from '../checker-values';
import { CHIP_LIMITS } from '../chip-rules';
import { useUnsavedChangesGuard } from '../hooks/useUnsavedChangesGuard';
import { interactorOf } from '../interactor-values';
import {
  bodyFromValues,
  emptyValues,
  FormErrors,
  ProblemFormValues,
  standingErrors,
  subtaskLabel,
  validateValues,
  valuesFromProblem,
} from '../problem-form-values';
import { CaseData } from '../test-data';
import { CaseDialog } from './CaseDialog';
import { CasesTable } from './CasesTable';
import { CheckerSection } from './CheckerSection';
import { ChipInput } from './ChipInput';
import { InteractorSection } from './InteractorSection';
import { MarkdownField } from './MarkdownField';
import { SubtasksEditor } from './SubtasksEditor';
import { ValidateDialog } from './ValidateDialog';
import { ImportedArchive, ZipImport } from './ZipImport';

type ProblemDto = components['schemas']['ProblemDto'];

interface Props {
  mode: 'create' | 'edit';
  /** The problem being edited (edit mode). */
  problem?: ProblemDto;
  /** Only admins change visibility (SPEC 6); an author's form shows it but cannot change it. */
  canChangeVisibility: boolean;
  /** Only admins set or change a custom checker or an interactor; an author's form keeps the saved ones read-only. */
  canSetCustomChecker: boolean;
}

type CaseEditor = { kind: 'test' | 'sample'; index: number | null };

const FIELD_PATHS: (keyof FormErrors)[] = [
  'title',
  'statement',
  'cpuTimeLimit',
  'memoryLimit',
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

/** Create Problem and Edit problem (SPEC 2): one form for both. */
export function ProblemForm({ mode, problem, canChangeVisibility, canSetCustomChecker }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProblemFormValues>(() => (problem ? valuesFromProblem(problem) : emptyValues()));
  const [dirty, setDirty] = useState(false);
  // Errors with the values they were found on: each clears as soon as its field is fixed (standingErrors).
  const [found, setFound] = useState<{ errors: FormErrors; on: ProblemFormValues }>(() => ({ errors: {}, on: values }));
  const errors = standingErrors(found.errors, found.on, values);
  const [general, setGeneral] = useState<string | null>(null);
  const [caseEditor, setCaseEditor] = useState<CaseEditor | null>(null);
  const [validating, setValidating] = useState(false);
  const [validateError, setValidateError] = useState<string | null>(null);
  const [algorithmsWanted, setAlgorithmsWanted] = useState(false);
  const languages = useLanguages();
  const algorithms = useAlgorithms(algorithmsWanted);
  const { blocker, allowNext } = useUnsavedChangesGuard(dirty);

  const set = <K extends keyof ProblemFormValues>(key: K, value: ProblemFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setDirty(true);
  };
  // A new problem offers every language the judge runs until the author narrows the list.
  const languagesChosen = useRef(false);
  useEffect(() => {
    if (mode === 'create' && languages.data && !languagesChosen.current)
      setValues((v) => ({ ...v, judge0LanguageIds: languages.data.map((l) => l.id) }));
  }, [mode, languages.data]);

  const save = useMutation({
    mutationFn: () =>
      mode === 'create' ? createProblem(bodyFromValues(values)) : updateProblem(problem?.problemId as number, bodyFromValues(values)),
    onSuccess: async (saved) => {
      setDirty(false);
      // The problem page and the archive show what was just saved, not what they cached before.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.problem(saved.problemId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.problems() }),
      ]);
      // Both land on the problem's page, where its admin actions are (issue 22 overrides SPEC's emptied create form).
      allowNext();
      navigate(`/problems/${saved.problemId}`, { state: { flash: mode === 'create' ? 'Problem created' : 'Problem updated' } });
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
    save.mutate();
  };

  const openValidation = () => {
    setValidateError(null);
    if (!values.testCases.length) return setValidateError('At least one test case is required before validation.');
    if (!languages.data?.length) return setValidateError('Programming languages are still loading. Please try again shortly.');
    setValidating(true);
  };

  const casesOf = (kind: 'test' | 'sample') => (kind === 'test' ? values.testCases : values.samples);
  const setCases = (kind: 'test' | 'sample', cases: CaseData[]) => {
    if (kind === 'sample') return set('samples', cases);
    setValues((v) => ({ ...v, testCases: cases, testCasesKnown: true }));
    setDirty(true);
  };
  const saveCase = (data: CaseData) => {
    if (!caseEditor) return;
    const cases = [...casesOf(caseEditor.kind)];
    if (caseEditor.index === null) cases.push(data);
    else cases[caseEditor.index] = data;
    setCases(caseEditor.kind, cases);
    setCaseEditor(null);
  };
  const importArchive = ({ cases, subtasks, checker, interactor }: ImportedArchive) => {
    setValues((v) => ({
      ...v,
      testCases: cases,
      subtasks,
      testCasesKnown: true,
      checker: checker ?? v.checker,
      interactor: interactor ?? v.interactor,
    }));
    setDirty(true);
  };
  const changeSubtasks = (change: (v: ProblemFormValues) => Partial<ProblemFormValues>) => {
    setValues((v) => ({ ...v, ...change(v) }));
    setDirty(true);
  };
  const subtaskLabels = values.subtasks.map(subtaskLabel);
  const toggleLanguage = (id: number, on: boolean) => {
    languagesChosen.current = true;
    set('judge0LanguageIds', on ? [...values.judge0LanguageIds, id] : values.judge0LanguageIds.filter((l) => l !== id));
  };

  return (
    <>
      <form className="problem-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <label>
            Title
            <input value={values.title} onChange={(e) => set('title', e.target.value)} aria-invalid={!!errors.title} />
            {errors.title && <span className="field-error">{errors.title}</span>}
          </label>
          <label>
            Difficulty
            <select value={values.difficulty} onChange={(e) => set('difficulty', e.target.value as Difficulty)}>
              {DIFFICULTIES.map((d) => (
                <option key={d}>{d}</option>
              ))}
            </select>
          </label>
          <label>
            CPU Time Limit (seconds)
            <input
              type="number"
              min={CPU_TIME_LIMIT.min}
              max={CPU_TIME_LIMIT.max}
              step={CPU_TIME_LIMIT.step}
              value={values.cpuTimeLimit}
              onChange={(e) => set('cpuTimeLimit', e.target.value)}
              aria-invalid={!!errors.cpuTimeLimit}
            />
            {errors.cpuTimeLimit && <span className="field-error">{errors.cpuTimeLimit}</span>}
          </label>
          <label>
            Memory Limit (MB)
            <input
              type="number"
              min={MEMORY_LIMIT_MB.min}
              max={MEMORY_LIMIT_MB.max}
              value={values.memoryLimit}
              onChange={(e) => set('memoryLimit', e.target.value)}
              aria-invalid={!!errors.memoryLimit}
            />
            {errors.memoryLimit && <span className="field-error">{errors.memoryLimit}</span>}
          </label>
        </div>
        <label className="inline">
          <input
            type="checkbox"
            checked={values.isPublic}
            disabled={!canChangeVisibility}
            onChange={(e) => set('isPublic', e.target.checked)}
          />{' '}
          Public
        </label>

        <MarkdownField
          label="Statement"
          value={values.statement}
          onChange={(v) => set('statement', v)}
          rows={10}
          error={errors.statement}
        />
        <MarkdownField label="Input Format" value={values.inputFormat} onChange={(v) => set('inputFormat', v)} rows={3} />
        <MarkdownField label="Output Format" value={values.outputFormat} onChange={(v) => set('outputFormat', v)} rows={3} />
        <MarkdownField label="Constraints" value={values.constraints} onChange={(v) => set('constraints', v)} rows={3} />

        <ChipInput label="Tags" chips={values.tags} onChange={(v) => set('tags', v)} limit={CHIP_LIMITS.tags} />
        <ChipInput
          label="Algorithms"
          chips={values.algorithms}
          onChange={(v) => set('algorithms', v)}
          limit={CHIP_LIMITS.algorithms}
          known={algorithms.data ?? []}
          onFirstFocus={() => setAlgorithmsWanted(true)}
        />

        <fieldset className="languages" aria-invalid={!!errors.judge0LanguageIds}>
          <legend>Languages</legend>
          {languages.isPending && <p className="muted">Loading…</p>}
          {languages.data?.map((l) => (
            <label className="inline" key={l.id}>
              <input
                type="checkbox"
                checked={values.judge0LanguageIds.includes(l.id)}
                onChange={(e) => toggleLanguage(l.id, e.target.checked)}
              />{' '}
              {l.name}
            </label>
          ))}
          {errors.judge0LanguageIds && <span className="field-error">{errors.judge0LanguageIds}</span>}
        </fieldset>

        <section className="form-section">
          <div className="section-head">
            <h2>Samples</h2>
            <button type="button" className="btn small" onClick={() => setCaseEditor({ kind: 'sample', index: null })}>
              Add sample
            </button>
          </div>
          {values.samples.length ? (
            <CasesTable
              kind="sample"
              cases={values.samples}
              onEdit={(index) => setCaseEditor({ kind: 'sample', index })}
              onDelete={(i) =>
                set(
                  'samples',
                  values.samples.filter((_, j) => j !== i),
                )
              }
            />
          ) : (
            <p className="muted">No samples.</p>
          )}
        </section>

        <section className="form-section">
          <div className="section-head">
            <h2>Test Cases</h2>
            <div className="row">
              <button type="button" className="btn small" onClick={() => setCaseEditor({ kind: 'test', index: null })}>
                Add test case
              </button>
              <button type="button" className="btn small" onClick={openValidation}>
                Validate Test Cases
              </button>
            </div>
          </div>
          <ZipImport onImported={importArchive} />
          {validateError && (
            <p className="error" role="alert">
              {validateError}
            </p>
          )}
          {!values.testCasesKnown ? (
            <p className="muted">The current test cases are kept. Add test cases or upload a ZIP to replace them.</p>
          ) : values.testCases.length ? (
            <CasesTable
              kind="test"
              cases={values.testCases}
              subtasks={subtaskLabels}
              onEdit={(index) => setCaseEditor({ kind: 'test', index })}
              onDelete={(i) =>
                setCases(
                  'test',
                  values.testCases.filter((_, j) => j !== i),
                )
              }
            />
          ) : (
            <p className="muted">No test cases yet.</p>
          )}
          {errors.testCases && <span className="field-error">{errors.testCases}</span>}
        </section>

        <SubtasksEditor values={values} error={errors.subtasks} onChange={changeSubtasks} />

        <InteractorSection
          value={values.interactor}
          onChange={(interactor) => set('interactor', interactor)}
          error={errors.interactor}
          sample={values.samples[0]}
          languages={languages.data ?? []}
          canSetInteractor={canSetCustomChecker}
        />

        <CheckerSection
          value={values.checker}
          onChange={(checker) => set('checker', checker)}
          error={errors.checker}
          sample={values.samples[0]}
          canSetCustom={canSetCustomChecker}
        />

        {general && (
          <p className="error" role="alert">
            {general}
          </p>
        )}
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {mode === 'create' ? (save.isPending ? 'Creating…' : 'Create problem') : save.isPending ? 'Updating…' : 'Update problem'}
        </button>
      </form>

      {caseEditor && (
        <CaseDialog
          kind={caseEditor.kind}
          initial={caseEditor.index === null ? undefined : casesOf(caseEditor.kind)[caseEditor.index]}
          subtasks={subtaskLabels}
          onSave={saveCase}
          onClose={() => setCaseEditor(null)}
        />
      )}
      {validating && (
        <ValidateDialog
          languages={languages.data ?? []}
          testCases={values.testCases}
          cpuTimeLimit={Number(values.cpuTimeLimit) || CPU_TIME_LIMIT.default}
          memoryLimit={Number(values.memoryLimit) || MEMORY_LIMIT_MB.default}
          checker={checkerBody(values.checker).checker}
          interactor={interactorOf(values.interactor)}
          onClose={() => setValidating(false)}
        />
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Unsaved changes"
          message="Leave this page? The changes to this problem are not saved."
          confirmLabel="Leave"
          onCancel={() => blocker.reset()}
          onConfirm={() => blocker.proceed()}
        />
      )}
    </>
  );
}
