import { readFileSync } from 'fs';

type PipeEnd = 'read' | 'write';

/** The read (read, readv) and write (write, writev) system calls by number, where /proc/<pid>/wchan tells nothing. */
const SYSCALLS: Record<PipeEnd, Partial<Record<NodeJS.Architecture, number[]>>> = {
  read: { x64: [0, 19], arm64: [63, 65] },
  write: { x64: [1, 20], arm64: [64, 66] },
};

/**
 * Whether a process sleeps in a pipe's read or write: the kernel's wait channel says so (`pipe_read`,
 * `anon_pipe_write`…), or, where the wait channel is hidden, the system call it is in.
 */
function blockedOnPipe(pid: number, end: PipeEnd): boolean {
  try {
    const wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8').trim();
    if (wchan && wchan !== '0') return wchan.includes(`pipe_${end}`);
    const syscall = Number(readFileSync(`/proc/${pid}/syscall`, 'utf8').split(' ')[0]);
    return SYSCALLS[end][process.arch]?.includes(syscall) ?? false;
  } catch {
    return false; // gone meanwhile
  }
}

/**
 * Whether a process sleeps in a write to a pipe, blocked until its reader takes what it wrote. Such a process is
 * not waiting for its peer to speak: its peer is not reading it.
 */
export const blockedWriting = (pid: number): boolean => blockedOnPipe(pid, 'write');

/** Whether a process sleeps in a read from a pipe, waiting for its writer to speak (or to close it). */
export const blockedReading = (pid: number): boolean => blockedOnPipe(pid, 'read');
