import { TEST_CASE_POINTS } from '@oj/contracts';

/** A test case or sample as the form holds it; points and subtask only matter for test cases. */
export interface CaseData {
  input: string;
  output: string;
  points?: number;
  explanation?: string;
  /** Index into the form's subtasks; absent for a test in none. */
  subtask?: number;
}

/** Characters of a case shown in a table cell: whole test data can be megabytes and must not freeze the page. */
export const PREVIEW_CHARS = 80;

/** SPEC 5: points rounded and clamped to 1–1000; 1 when not a number. */
export function normalizePoints(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  if (!Number.isFinite(n)) return TEST_CASE_POINTS.default;
  return Math.min(TEST_CASE_POINTS.max, Math.max(TEST_CASE_POINTS.min, Math.round(n)));
}

/** A short one-line preview of (possibly huge) test data, read without scanning the whole text. */
export function previewOf(text: string): string {
  const head = text
    .slice(0, PREVIEW_CHARS + 1)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PREVIEW_CHARS ? `${head.slice(0, PREVIEW_CHARS)}…` : head;
}

/** Size of test data as people read it: 12 B, 3.4 KB, 20.0 MB (UTF-16 length, close enough for a label). */
export function sizeLabel(text: string): string {
  const bytes = text.length;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
