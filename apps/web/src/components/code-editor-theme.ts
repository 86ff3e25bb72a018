import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

/**
 * The editor's colours from styles.css's tokens (--code-*, --text, --surface …), so one theme serves both schemes and
 * every token keeps its contrast: CodeMirror's default style has light-only colours, one of them under 4.5:1.
 */
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: 'var(--code-keyword)' },
  { tag: [t.atom, t.bool, t.null, t.url, t.labelName], color: 'var(--code-atom)' },
  { tag: [t.number, t.literal, t.inserted], color: 'var(--code-literal)' },
  { tag: [t.string, t.deleted], color: 'var(--code-string)' },
  { tag: [t.regexp, t.escape, t.special(t.string), t.special(t.variableName), t.macroName], color: 'var(--code-special)' },
  { tag: [t.definition(t.variableName), t.function(t.variableName), t.definition(t.propertyName)], color: 'var(--code-definition)' },
  { tag: [t.typeName, t.className, t.namespace], color: 'var(--code-type)' },
  { tag: [t.comment, t.meta], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: t.invalid, color: 'var(--danger)' },
]);

const surfaces = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--surface)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--code-selection)',
  },
  '.cm-gutters': { backgroundColor: 'var(--code-bg)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--subtle)', color: 'var(--text)' },
  '.cm-tooltip, .cm-panels': { backgroundColor: 'var(--surface)', color: 'var(--text)', borderColor: 'var(--border)' },
});

export const codeEditorTheme = [surfaces, syntaxHighlighting(highlight)];
