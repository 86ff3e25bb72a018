/** The current UTC year: dashboards and profiles open at it (heatmap days are UTC days). */
export const currentUtcYear = () => new Date().getUTCFullYear();

/** SPEC 9: a dashboard's year choices are the current UTC year and the two before. */
export function YearSelect({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const thisYear = currentUtcYear();
  return (
    <select aria-label="Year" value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
        <option key={y}>{y}</option>
      ))}
    </select>
  );
}
