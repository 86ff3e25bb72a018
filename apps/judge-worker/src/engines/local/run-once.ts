import { BoxSpec } from './box-command';
import { CgroupFactory } from './cgroup';
import { RunBox } from './run-box';
import { SandboxResult } from './run-supervision';
import { Sandbox } from './sandbox';

/** What a one-run box is made from: the launcher and cgroups when available, and where its FIFOs go. */
export interface OneRunPlace {
  sandbox: Sandbox;
  cgroups: CgroupFactory | null;
  /** Null when runs use a fresh box each (no cgroup or no C compiler). */
  launcher: string | null;
  ioParent: string;
}

/**
 * One command in a box of its own, `stdin` its standard input: a run box with a single run where the launcher is
 * available (its seccomp filter and descriptor hygiene come with it), else a fresh bubblewrap box.
 */
export async function runOnce(place: OneRunPlace, spec: BoxSpec, stdoutPath: string, stdin: string | Buffer = ''): Promise<SandboxResult> {
  const { launcher, cgroups } = place;
  if (!launcher || !cgroups) return place.sandbox.run({ ...spec, stdin, stdoutPath });
  const box = await RunBox.start(spec, launcher, cgroups, place.ioParent, spec.limits.fileBytes);
  try {
    const result = await box.run(spec, stdin, spec.limits, stdoutPath);
    if (!result) throw new Error('a fresh run box refused its run');
    return result;
  } finally {
    await box.close();
  }
}
