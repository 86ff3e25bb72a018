import { readFileSync } from 'fs';

/** The write system calls (write, writev) by number, where /proc/<pid>/wchan tells nothing. */
const WRITE_SYSCALLS: Partial<Record<NodeJS.Architecture, number[]>> = { x64: [1, 20], arm64: [64, 66] };

/**
 * Whether a process sleeps in a write to a pipe, blocked until its reader takes what it wrote: the kernel's wait
 * channel says so (`pipe_write`, `anon_pipe_write`), or, where the wait channel is hidden, the system call it is
 * in. Such a process is not waiting for its peer to speak: its peer is not reading it.
 */
export function blockedWriting(pid: number): boolean {
  try {
    const wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8').trim();
    if (wchan && wchan !== '0') return wchan.includes('pipe_write');
    const syscall = Number(readFileSync(`/proc/${pid}/syscall`, 'utf8').split(' ')[0]);
    return WRITE_SYSCALLS[process.arch]?.includes(syscall) ?? false;
  } catch {
    return false; // gone meanwhile
  }
}
