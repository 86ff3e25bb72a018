/** The message a worker sends its parent once it consumes the queues and has logged its start-up lines. */
export const READY_MESSAGE = { type: 'ready' } as const;

/**
 * Tells a parent that started the worker with an IPC channel (`npm start`, which then prints its ready box under
 * these logs) that it is ready, then closes the channel so it never keeps the process alive. Without a parent
 * channel (docker, systemd) it does nothing. stdout to a terminal or pipe is synchronous on Linux, so the
 * start-up lines are out before the message.
 */
export function reportReadyToParent(proc: Pick<NodeJS.Process, 'send' | 'disconnect'> = process): void {
  proc.send?.(READY_MESSAGE, undefined, undefined, () => proc.disconnect?.());
}
