// Jest starts a suite's longest files first when it knows their durations from an earlier run. A clean clone
// knows none, and Jest falls back to file size: a short file that waits 30 s for an outage would then start
// last and become the suite's tail. The files a project names in `globals.slowFiles` (path endings) start first;
// the rest keep Jest's order.
const Sequencer = require('@jest/test-sequencer').default;

class SlowFilesFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const isSlow = (test) => (test.context.config.globals.slowFiles ?? []).some((ending) => test.path.endsWith(ending));
    return [...ordered.filter(isSlow), ...ordered.filter((test) => !isSlow(test))];
  }
}

module.exports = SlowFilesFirst;
