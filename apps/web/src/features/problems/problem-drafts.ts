/** Unsent source is kept per problem and language, in this browser only, so a reload or a detour loses nothing. */
const draftKey = (problemId: number, languageId: number) => `oj.draft.${problemId}.${languageId}`;

export function loadDraft(problemId: number, languageId: number): string | null {
  try {
    return localStorage.getItem(draftKey(problemId, languageId));
  } catch {
    return null;
  }
}

/** Saves (or, for empty text, forgets) a draft; a full or disabled storage only means no draft is kept. */
export function saveDraft(problemId: number, languageId: number, source: string): void {
  try {
    if (source) localStorage.setItem(draftKey(problemId, languageId), source);
    else localStorage.removeItem(draftKey(problemId, languageId));
  } catch {
    // quota exceeded or storage disabled
  }
}

/** Code sent back to a problem's editor ("Edit and resubmit"), carried in the router's state, never stored twice. */
export interface SourceToEdit {
  languageId: number;
  source: string;
}

/** The route and router state that open a problem with `code` in its editor. */
export function editSourceLink(problemId: number, code: SourceToEdit): { to: string; state: { edit: SourceToEdit } } {
  return { to: `/problems/${problemId}`, state: { edit: code } };
}

/** The code a page was opened with to edit, if any. */
export function sourceToEdit(state: unknown): SourceToEdit | null {
  const edit = (state as { edit?: Partial<SourceToEdit> } | null)?.edit;
  return typeof edit?.source === 'string' && typeof edit.languageId === 'number'
    ? { languageId: edit.languageId, source: edit.source }
    : null;
}
