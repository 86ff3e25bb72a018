import { chownSync, closeSync, constants, fstatSync, mkdirSync, openSync, readSync } from 'fs';
import { join } from 'path';

import { FEEDBACK_FILE_MAX_BYTES, FEEDBACK_FILES, ValidatorFeedback } from '../judge-engine';
import { BOX_UID } from './box-command';

/** Where an ICPC validator's feedback directory is, in the directory its box sees as /box (passed as `feedback/`). */
export const FEEDBACK_DIR = 'feedback';

/** A new, empty feedback directory that only the box user may write in. */
export function makeFeedbackDir(path: string): void {
  mkdirSync(path, { mode: 0o700 });
  chownSync(path, BOX_UID, BOX_UID);
}

/** What the validator left in its feedback directory: each known file's head, read as a plain file only. */
export function readFeedbackDir(dir: string): ValidatorFeedback {
  const read = (name: string) => plainFileHead(join(dir, name));
  return {
    judgeMessage: read(FEEDBACK_FILES.judgeMessage),
    teamMessage: read(FEEDBACK_FILES.teamMessage),
    score: read(FEEDBACK_FILES.score),
    scoreMultiplier: read(FEEDBACK_FILES.scoreMultiplier),
  };
}

/**
 * A file's first bytes as text, or null when there is none. The box user wrote the directory: a link, a FIFO or
 * anything but a plain file is never followed or opened for long (O_NOFOLLOW, O_NONBLOCK), and counts as absent.
 */
function plainFileHead(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const head = Buffer.alloc(FEEDBACK_FILE_MAX_BYTES);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
