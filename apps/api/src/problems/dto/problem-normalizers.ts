import { TEST_CASE_POINTS } from '@oj/contracts';

export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Points are rounded and clamped to 1–1000; anything not numeric counts as the default 1. */
export function normalizePoints(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return TEST_CASE_POINTS.default;
  return Math.min(TEST_CASE_POINTS.max, Math.max(TEST_CASE_POINTS.min, Math.round(n)));
}

/**
 * Tags and algorithms: whitespace collapsed, blanks dropped, duplicates (case-insensitive) removed keeping the
 * first spelling. Non-lists pass through untouched so the validators can name them.
 */
export function normalizeLabels(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const labels: unknown[] = [];
  for (const item of value) {
    if (typeof item !== 'string') {
      labels.push(item);
      continue;
    }
    const label = item.replace(/\s+/g, ' ').trim();
    const key = label.toLowerCase();
    if (!label || seen.has(key)) continue;
    seen.add(key);
    labels.push(label);
  }
  return labels;
}
