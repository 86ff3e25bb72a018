import type { ContestCell, ContestFormat, ScoreboardRow } from '@oj/contracts';

import { saveFile } from '../../components/save-file';
import { atcoderCellLines } from './atcoder-cell';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A cell as one spreadsheet field: ICPC "+2 (34)" for a solve after two tries, "-1" for one failed, "?2" pending;
 * AtCoder "300 (1) 12:34" (points, wrong tries, time), "(2)" for two wrong tries.
 */
export function cellText(format: ContestFormat, cell: ContestCell | undefined): string {
  if (!cell) return '';
  const pending = cell.pending ? `?${cell.pending}` : '';
  if (format === 'icpc') {
    if (cell.solved) return `+${cell.attempts || ''} (${cell.minute ?? 0})`;
    const tries = cell.attempts ? `-${cell.attempts}` : '';
    return [tries, pending].filter(Boolean).join(' ');
  }
  if (format === 'atcoder') {
    const { head, time } = atcoderCellLines(cell);
    return [head, time].filter(Boolean).join(' ');
  }
  if (!cell.solved && !cell.score && !cell.attempts) return pending;
  return [String(cell.score), pending].filter(Boolean).join(' ');
}

/** The board as CSV: rank, user, the format's totals, then one column per problem label. */
export function scoreboardCsv(format: ContestFormat, labels: string[], rows: ScoreboardRow[]): string {
  const timed = format === 'icpc' || format === 'atcoder';
  const header = ['Rank', 'User', format === 'icpc' ? 'Solved' : 'Score', ...(timed ? ['Penalty'] : []), ...labels];
  const lines = rows.map((row) => [
    row.rank,
    row.username ?? '',
    format === 'icpc' ? row.solved : row.score,
    ...(timed ? [row.penalty] : []),
    ...labels.map((label) => cellText(format, row.cells[label])),
  ]);
  return [header, ...lines].map((line) => line.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a file through a temporary link. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(filename, new Blob([text], { type }));
}
