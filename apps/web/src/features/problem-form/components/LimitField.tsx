/** One of the problem's limits as a number input, with its range and its error under it. */
export function LimitField(props: {
  label: string;
  value: string;
  range: { min: number; max: number; step?: number };
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { label, value, range, error, onChange } = props;
  return (
    <label>
      {label}
      <input
        type="number"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
      />
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
