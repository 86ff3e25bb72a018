import './code-editor.css';

import { indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import { Compartment, EditorState, Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

import { codeEditorTheme } from './code-editor-theme';
import { fontSizeStyle } from './editor-font';

/** How long after Escape a Tab moves focus out of the editor (CodeMirror's own Escape gives two seconds). */
const TAB_FOCUS_MS = 2000;

/** CodeMirror grammar for a Judge0 language id. */
function languageExtension(languageId: number | undefined): Extension {
  switch (languageId) {
    case 50:
    case 54:
      return cpp();
    case 62:
      return java();
    case 63:
      return javascript();
    case 74:
      return javascript({ typescript: true });
    case 71:
      return python();
    case 60:
      return go();
    case 73:
      return rust();
    default:
      return [];
  }
}

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  languageId?: number;
  readOnly?: boolean;
  label: string;
  /** The id of the text that describes the editor (how to leave it). */
  describedBy?: string;
  /** In CSS pixels (the user's setting); without it, the browser's size for monospace text. */
  fontSize?: number;
}

/** A CodeMirror 6 editor highlighting the chosen language; read-only for showing source. */
export default function CodeMirrorEditor({ value, onChange, languageId, readOnly = false, label, describedBy, fontSize }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    view.current = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          codeEditorTheme,
          // Tab indents, as in any code editor; Escape then Tab still moves focus on (CodeMirror's tab-focus mode),
          // as the hint under the editor says.
          keymap.of([indentWithTab]),
          // The completion list takes Escape for itself, which kept that Escape from arming tab-focus mode: armed
          // on every Escape, "Esc then Tab" always leaves the editor.
          EditorView.domEventObservers({ keydown: (e, v) => e.key === 'Escape' && v.setTabFocusMode(TAB_FOCUS_MS) }),
          language.current.of(languageExtension(languageId)),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          // A tab stop even read-only (and one axe counts: it ignores contenteditable), so the keyboard can scroll code
          // wider or longer than its box.
          EditorView.contentAttributes.of({
            'aria-label': label,
            tabindex: '0',
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          }),
          EditorView.updateListener.of((u) => u.docChanged && changed.current?.(u.state.doc.toString())),
        ],
      }),
    });
    return () => view.current?.destroy();
    // The editor is created once; value and language changes are applied below.
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: language.current.reconfigure(languageExtension(languageId)) });
  }, [languageId]);

  useEffect(() => {
    const current = view.current?.state.doc.toString();
    if (view.current && current !== value) view.current.dispatch({ changes: { from: 0, to: current?.length ?? 0, insert: value } });
  }, [value]);

  return (
    <div
      className={`code-editor${readOnly ? ' read-only' : ''}`}
      ref={host}
      style={fontSizeStyle(fontSize)}
      data-testid={readOnly ? 'source-view' : 'source-editor'}
    />
  );
}
