import './code-editor.css';

import { lazy, Suspense, useId } from 'react';

import type { CodeEditorProps } from './CodeMirrorEditor';
import { fontSizeStyle } from './editor-font';

// CodeMirror and its language modes are the largest part of the app: loaded with the first screen that shows code.
const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor'));

/**
 * The source editor (or read-only view); until CodeMirror has loaded, the code as plain text in its place. An
 * editable one says on screen how to leave it, since Tab indents there.
 */
export function CodeEditor(props: CodeEditorProps) {
  const hintId = useId();
  const skeleton = (
    <pre
      className={`code-editor code-editor-loading${props.readOnly ? ' read-only' : ''}`}
      role="region"
      aria-busy="true"
      aria-label={props.label}
      style={fontSizeStyle(props.fontSize)}
    >
      {props.value}
    </pre>
  );
  return (
    <>
      <Suspense fallback={skeleton}>
        <CodeMirrorEditor {...props} describedBy={props.readOnly ? undefined : hintId} />
      </Suspense>
      {!props.readOnly && (
        <p id={hintId} className="muted small editor-hint">
          Tab indents. Esc then Tab leaves the editor.
        </p>
      )}
    </>
  );
}
