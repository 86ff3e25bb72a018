import './code-editor.css';

import { indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import { indentUnit } from '@codemirror/language';
import { Compartment, EditorState, Extension, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import type { EditorKeymap } from '@oj/contracts';
import { basicSetup } from 'codemirror';
import { useEffect, useRef, useState } from 'react';

import { codeEditorTheme } from './code-editor-theme';
import { fontSizeStyle } from './editor-font';
import { indentUnitFor } from './editor-indent';

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

/** The grammar and the indent unit of a language, which change together. */
function languageSetup(languageId: number | undefined): Extension {
  return [languageExtension(languageId), indentUnit.of(indentUnitFor(languageId))];
}

/** Vim's and Emacs's bindings are fetched only by those who chose them, so they stay out of everyone else's load. */
async function keyBindings(name: EditorKeymap): Promise<Extension> {
  if (name === 'vim') return Prec.highest((await import('@replit/codemirror-vim')).vim());
  if (name === 'emacs') return Prec.highest((await import('@replit/codemirror-emacs')).emacs());
  return [];
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
  /** Columns a tab character takes (the user's setting); 4 without it. */
  tabWidth?: number;
  /** The user's key bindings; CodeMirror's own without it. */
  keyBindings?: EditorKeymap;
}

/** A CodeMirror 6 editor highlighting the chosen language; read-only for showing source. */
export default function CodeMirrorEditor(props: CodeEditorProps) {
  const {
    value,
    onChange,
    languageId,
    readOnly = false,
    label,
    describedBy,
    fontSize,
    tabWidth = 4,
    keyBindings: bindingsName = 'default',
  } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const tabSize = useRef(new Compartment());
  const bindings = useRef(new Compartment());
  // Which bindings the editor has now (Vim's and Emacs's arrive a moment after the choice), shown as an attribute.
  const [activeBindings, setActiveBindings] = useState<EditorKeymap>('default');
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    view.current = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: value,
        extensions: [
          // First, so Vim's or Emacs's keys come before every other binding (as those packages ask).
          bindings.current.of([]),
          basicSetup,
          codeEditorTheme,
          // Tab indents, as in any code editor; Escape then Tab still moves focus on (CodeMirror's tab-focus mode),
          // as the hint under the editor says.
          keymap.of([indentWithTab]),
          // The completion list takes Escape for itself, which kept that Escape from arming tab-focus mode: armed
          // on every Escape, "Esc then Tab" always leaves the editor.
          EditorView.domEventObservers({ keydown: (e, v) => e.key === 'Escape' && v.setTabFocusMode(TAB_FOCUS_MS) }),
          language.current.of(languageSetup(languageId)),
          tabSize.current.of(EditorState.tabSize.of(tabWidth)),
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
    view.current?.dispatch({ effects: language.current.reconfigure(languageSetup(languageId)) });
  }, [languageId]);

  useEffect(() => {
    view.current?.dispatch({ effects: tabSize.current.reconfigure(EditorState.tabSize.of(tabWidth)) });
  }, [tabWidth]);

  useEffect(() => {
    // A later choice wins over a slower earlier load.
    let current = true;
    void keyBindings(bindingsName).then((extension) => {
      if (!current) return;
      view.current?.dispatch({ effects: bindings.current.reconfigure(extension) });
      setActiveBindings(bindingsName);
    });
    return () => {
      current = false;
    };
  }, [bindingsName]);

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
      data-key-bindings={activeBindings}
    />
  );
}
