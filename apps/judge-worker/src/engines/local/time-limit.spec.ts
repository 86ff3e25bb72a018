import { RunLimits } from './sandbox-types';
import { cpuRlimitSeconds, exceededCpuTime, reportedCpuMs } from './time-limit';

const limits = { cpuMs: 10_000 } as RunLimits;

describe('a run stopped by a time limit', () => {
  it("reports at least the kernel's soft limit when the kernel's backstop (SIGXCPU) ended it", () => {
    expect(cpuRlimitSeconds(limits)).toBe(14);
    expect(cpuRlimitSeconds({ cpuMs: 1_000 } as RunLimits)).toBe(3);
    // The cgroup's count fell short of the kernel's: the time shown must still read as over the limit.
    expect(reportedCpuMs(9_745, limits, 'SIGXCPU')).toBe(14_000);
    expect(reportedCpuMs(14_400, limits, 'SIGXCPU')).toBe(14_400);
    expect(exceededCpuTime(reportedCpuMs(9_745, limits, 'SIGXCPU'), limits, 'SIGXCPU')).toBe(true);
  });

  it("reports the cgroup's count for every other end", () => {
    expect(reportedCpuMs(9_745, limits, 'SIGKILL')).toBe(9_745);
    expect(reportedCpuMs(120, limits, null)).toBe(120);
    expect(exceededCpuTime(10_014, limits, 'SIGKILL')).toBe(true);
    expect(exceededCpuTime(9_999, limits, null)).toBe(false);
  });
});
