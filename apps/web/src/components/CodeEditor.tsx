import { lazy, Suspense } from 'react';

import type { CodeEditorProps } from './CodeMirrorEditor';

// CodeMirror and its language modes are the largest part of the app: loaded with the first screen that shows code.
const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor'));

/** The source editor (or read-only view); until CodeMirror has loaded, the code as plain text in its place. */
export function CodeEditor(props: CodeEditorProps) {
  const skeleton = (
    <pre
      className={`code-editor code-editor-loading${props.readOnly ? ' read-only' : ''}`}
      role="region"
      aria-busy="true"
      aria-label={props.label}
    >
      {props.value}
    </pre>
  );
  return (
    <Suspense fallback={skeleton}>
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}
