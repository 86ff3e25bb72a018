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
