/** The spec's short date format: short month, day and time, e.g. "Nov 23, 14:05". */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}

export function acRate(accepted: number, total: number): string {
  return total > 0 ? `${Math.round((100 * accepted) / total)}%` : '—';
}

/** A submission's score, a percentage of the problem's points, written the same in every list and page. */
export function formatScore(score: number): string {
  return `${score}%`;
}

/** A measured figure with its unit, or a bare "—" when nothing was measured (a compile error runs no test). */
export function withUnit(value: number | null | undefined, unit: string): string {
  return value === null || value === undefined ? '—' : `${value} ${unit}`;
}

/** A count with its noun, singular for one: "1 point", "300 points", "1 submission". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
