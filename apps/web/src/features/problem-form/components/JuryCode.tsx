import type { Schemas } from '@oj/api-client';
import { ICPC_VALIDATOR_LANGUAGE_IDS, VALIDATOR_PROTOCOLS, validatorLanguageIds, ValidatorProtocol } from '@oj/contracts';

import { errorMessage } from '../../../api/api-error';
import { JuryProtocolValues } from '../jury-protocol';

const JURY_LANGUAGE_LABELS: Record<(typeof ICPC_VALIDATOR_LANGUAGE_IDS)[number], string> = { 54: 'C++', 50: 'C', 71: 'Python 3' };
const PROTOCOL_LABELS: Record<ValidatorProtocol, string> = { testlib: 'testlib', icpc: 'ICPC output validator' };

/**
 * The language of a jury program (a custom checker, an interactor): C++ or C, compiled with our testlib.h; an ICPC
 * validator may be Python 3 too.
 */
export function JuryLanguageSelect(props: {
  label: string;
  value: number;
  protocol: ValidatorProtocol;
  onChange: (id: number) => void;
  readOnly: boolean;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))} disabled={props.readOnly}>
        {validatorLanguageIds(props.protocol).map((id) => (
          <option key={id} value={id}>
            {JURY_LANGUAGE_LABELS[id as keyof typeof JURY_LANGUAGE_LABELS]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A jury program's calling convention: testlib's or the ICPC validator's, with its flags and the files kept beside it. */
export function JuryProtocolFields(props: { value: JuryProtocolValues; onChange: (value: JuryProtocolValues) => void; readOnly: boolean }) {
  const { value, readOnly } = props;
  const set = (patch: Partial<JuryProtocolValues>) => props.onChange({ ...value, ...patch });
  return (
    <>
      <label>
        Protocol
        <select value={value.protocol} onChange={(e) => set({ protocol: e.target.value as ValidatorProtocol })} disabled={readOnly}>
          {VALIDATOR_PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {PROTOCOL_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      {value.protocol === 'icpc' && (
        <label>
          Validator flags
          <input
            value={value.flags}
            onChange={(e) => set({ flags: e.target.value })}
            readOnly={readOnly}
            placeholder="float_tolerance 1e-6"
          />
        </label>
      )}
      {value.supportFiles.length > 0 && (
        <p className="muted">Support files kept beside the source: {value.supportFiles.map((f) => f.name).join(', ')}.</p>
      )}
    </>
  );
}

/** A jury program's source, read-only to those who may not set it. */
export function JurySourceInput(props: {
  label: string;
  value: string;
  onChange: (source: string) => void;
  readOnly: boolean;
  invalid: boolean;
  placeholder: string;
}) {
  return (
    <label>
      {props.label}
      <textarea
        className="data"
        rows={14}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        readOnly={props.readOnly}
        spellCheck={false}
        aria-invalid={props.invalid}
        placeholder={props.placeholder}
      />
    </label>
  );
}

/** A language of the judge's, for a solution the form runs (validation, an interactor's trial). */
export function SolutionLanguageSelect(props: {
  label: string;
  languages: Schemas['LanguageDto'][];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.languages.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a trial of a jury program came to: its failure to run, or what it said. */
export function TrialOutcome({ failure, fallback, said }: { failure: unknown; fallback: string; said: string | null }) {
  return (
    <>
      {failure !== null && (
        <p className="error" role="alert">
          {errorMessage(failure, fallback)}
        </p>
      )}
      {said !== null && (
        <p className="checker-error" role="status">
          {said}
        </p>
      )}
    </>
  );
}
