import '../problem-form.css';

import type { components } from '@oj/api-client';
import { CPU_TIME_LIMIT, DIFFICULTIES, Difficulty, MEMORY_LIMIT_MB, OUTPUT_LIMIT_MB } from '@oj/contracts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/Modal';
import { checkerBody } from '../checker-values';
import { CHIP_LIMITS } from '../chip-rules';
import { useAlgorithms } from '../hooks/useProblemEditing';
import { useProblemForm } from '../hooks/useProblemForm';
import { interactorOf } from '../interactor-values';
import { subtaskLabel } from '../problem-form-values';
import { CaseData } from '../test-data';
import { CaseDialog } from './CaseDialog';
import { CasesTable } from './CasesTable';
import { CheckerSection } from './CheckerSection';
import { ChipInput } from './ChipInput';
import { InteractorSection } from './InteractorSection';
import { LimitField } from './LimitField';
import { MarkdownField } from './MarkdownField';
import { SubtasksEditor } from './SubtasksEditor';
import { TemplatesSection } from './TemplatesSection';
import { ValidateDialog } from './ValidateDialog';
import { ZipImport } from './ZipImport';

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

/** The problem's limits, each a number field of the form. */
const LIMIT_FIELDS = [
  { field: 'cpuTimeLimit', label: 'CPU Time Limit (seconds)', range: CPU_TIME_LIMIT },
  { field: 'memoryLimit', label: 'Memory Limit (MB)', range: MEMORY_LIMIT_MB },
  { field: 'outputLimit', label: 'Output Limit (MB per test)', range: OUTPUT_LIMIT_MB },
] as const;

/** Create Problem and Edit problem (SPEC 2): one form for both; its state, checks and submit are useProblemForm's. */
export function ProblemForm({ mode, problem, canChangeVisibility, canSetCustomChecker }: Props) {
  const form = useProblemForm(mode, problem);
  const { values, errors, general, languages, set, setCases, blocker } = form;
  const [caseEditor, setCaseEditor] = useState<CaseEditor | null>(null);
  const [validating, setValidating] = useState(false);
  const [validateError, setValidateError] = useState<string | null>(null);
  const [algorithmsWanted, setAlgorithmsWanted] = useState(false);
  const algorithms = useAlgorithms(algorithmsWanted);

  const openValidation = () => {
    setValidateError(null);
    if (!values.testCases.length) return setValidateError('At least one test case is required before validation.');
    if (!languages.data?.length) return setValidateError('Programming languages are still loading. Please try again shortly.');
    setValidating(true);
  };

  const casesOf = (kind: 'test' | 'sample') => (kind === 'test' ? values.testCases : values.samples);
  const saveCase = (data: CaseData) => {
    if (!caseEditor) return;
    const cases = [...casesOf(caseEditor.kind)];
    if (caseEditor.index === null) cases.push(data);
    else cases[caseEditor.index] = data;
    setCases(caseEditor.kind, cases);
    setCaseEditor(null);
  };
  const subtaskLabels = values.subtasks.map(subtaskLabel);

  return (
    <>
      <form className="problem-form" onSubmit={form.submit} noValidate>
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
          {LIMIT_FIELDS.map(({ field, label, range }) => (
            <LimitField
              key={field}
              label={label}
              value={values[field]}
              range={range}
              error={errors[field]}
              onChange={(v) => set(field, v)}
            />
          ))}
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
                onChange={(e) => form.toggleLanguage(l.id, e.target.checked)}
              />{' '}
              {l.name}
            </label>
          ))}
          {errors.judge0LanguageIds && <span className="field-error">{errors.judge0LanguageIds}</span>}
        </fieldset>

        <TemplatesSection templates={values.templates} languages={languages.data ?? []} onChange={(t) => set('templates', t)} />

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
          <ZipImport onImported={form.importArchive} />
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

        <SubtasksEditor values={values} error={errors.subtasks} onChange={form.changeSubtasks} />

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
        <button type="submit" className="btn primary" disabled={form.saving}>
          {mode === 'create' ? (form.saving ? 'Creating…' : 'Create problem') : form.saving ? 'Updating…' : 'Update problem'}
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
          outputLimit={Number(values.outputLimit) || OUTPUT_LIMIT_MB.default}
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
