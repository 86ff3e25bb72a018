import { closeSync, openSync, readSync } from 'fs';

/** The first `cap` bytes of a file: the worker never reads a program's output whole. */
export function readHead(path: string, cap: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(cap);
    return head.subarray(0, readSync(fd, head, 0, cap, 0));
  } finally {
    closeSync(fd);
  }
}
