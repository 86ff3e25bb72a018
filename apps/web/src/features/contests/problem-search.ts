/** A problem as the picker offers it. */
export interface PickableProblem {
  problemId: number;
  title: string;
}

/** The picker's input as a problem id: "143", "#143", or a suggestion "143 — Title"; null for a title. */
export function pickedId(input: string): number | null {
  const match = /^#?(\d+)(?:\s+—\s.*)?$/.exec(input.trim());
  return match ? Number(match[1]) : null;
}

/** What the server is asked for the input (GET /api/problems?q=): "#143" for an id, else the text, any part of a title. */
export function searchTerm(input: string): string {
  const id = pickedId(input);
  return id === null ? input.trim() : `#${id}`;
}

/** The suggestion's text, which pickedId reads back. */
export const suggestionText = (p: PickableProblem) => `${p.problemId} — ${p.title}`;

/**
 * Which of the server's matches the input names: the problem of that id; else the one whose title it is; else the
 * only match of part of a title. Otherwise why none was taken.
 */
export function chooseProblem(input: string, matches: PickableProblem[]): PickableProblem | { error: string } {
  const wanted = input.trim();
  const id = pickedId(wanted);
  if (id !== null) return matches.find((p) => p.problemId === id) ?? { error: `No problem with the id or title "${wanted}".` };
  const exact = matches.find((p) => p.title.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) return { error: `${matches.length} problems match "${wanted}": pick one from the suggestions.` };
  return { error: `No problem with the id or title "${wanted}".` };
}
