#!/usr/bin/env bash
# The CPU time of a command and every process it starts (not PostgreSQL's or Redis's own), beside its wall time:
# the command runs in a cgroup of its own (cgroup v1's cpuacct, or v2). As root.
# Usage: bench/cpu-time.sh <command> [args...]    e.g. bench/cpu-time.sh npx jest -c apps/api/jest.config.js
set -uo pipefail
if [ -d /sys/fs/cgroup/cpuacct ]; then
  group="/sys/fs/cgroup/cpuacct/oj-cpu-time-$$"
  usage() { echo "$(cat "$group/cpuacct.usage") / 1000000000" | bc -l; }
else
  group="/sys/fs/cgroup/oj-cpu-time-$$"
  usage() { echo "$(sed -n 's/^usage_usec //p' "$group/cpu.stat") / 1000000" | bc -l; }
fi
mkdir "$group" || exit 1
started=$(date +%s.%N)
(echo "$BASHPID" >"$group/cgroup.procs" && exec "$@")
status=$?
ended=$(date +%s.%N)
printf 'exit %d, wall %.1f s, CPU %.1f s\n' "$status" "$(echo "$ended - $started" | bc -l)" "$(usage)" >&2
for pid in $(cat "$group/cgroup.procs"); do kill -9 "$pid" 2>/dev/null; done
sleep 0.2
rmdir "$group" 2>/dev/null
exit "$status"
