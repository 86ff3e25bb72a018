/** A stream the page opened; onEvent takes whatever a test delivers, as the server could send anything. */
export interface ScriptedStream {
  streamPath: string;
  onEvent: (event: unknown) => void;
}

/** Every stream the page opened, in order: a test delivers events through their onEvent as the server would. */
export const scriptedStreams: ScriptedStream[] = [];

/**
 * Stands in for live/submission-stream; wire it with
 * `jest.mock('<path>/live/submission-stream', () => jest.requireActual('<path>/testing/scripted-stream'))`.
 */
export function connectSubmissionStream(options: ScriptedStream): () => void {
  scriptedStreams.push(options);
  return () => undefined;
}
