/** What a key press in the submit form asks for, besides typing. */
export type EditorShortcut = 'submit' | 'run';

/** Each shortcut as `aria-keyshortcuts` spells it and as the button's hint shows it. */
export const EDITOR_SHORTCUTS: Record<EditorShortcut, { aria: string; label: string }> = {
  submit: { aria: 'Control+Enter', label: 'Ctrl+Enter' },
  run: { aria: "Control+'", label: "Ctrl+'" },
};

type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+Enter submits and Ctrl+' runs (⌘ on a Mac); any other key, or with Alt or Shift, is no shortcut. */
export function editorShortcut(e: Keys): EditorShortcut | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null;
  if (e.key === 'Enter') return 'submit';
  if (e.key === "'") return 'run';
  return null;
}
