// A Jest reporter that appends each test file's time to TEST_FILE_TIMES (JSON lines: project, file, seconds), so
// a run can say which files its time goes to (bench/test-times.js --files). Without the variable it is not loaded.
const { appendFileSync } = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '../..');

class FileTimesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onTestResult(test, result) {
    const { start, end } = result.perfStats;
    const line = {
      project: path.relative(ROOT, test.context.config.rootDir) || '.',
      file: path.relative(ROOT, result.testFilePath),
      seconds: Math.round(end - start) / 1000,
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests,
    };
    appendFileSync(process.env.TEST_FILE_TIMES, `${JSON.stringify(line)}\n`);
  }
}

module.exports = FileTimesReporter;
