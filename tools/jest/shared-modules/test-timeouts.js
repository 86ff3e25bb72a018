// Jest's timeouts, which the light runner does not keep: each test and hook fails after its own timeout (the third
// argument), else the file's (`jest.setTimeout`, from where it is called to the file's end), else the preset's
// testTimeout. Without them one hung test would hold the suite until CI's own limit.
const path = require('path');

const { testTimeout } = require('../../../jest.preset.js');

// The jest-circus instance the runner declares tests with, not the one Jest itself depends on.
const circus = require(require.resolve('jest-circus', { paths: [path.dirname(require.resolve('jest-light-runner'))] }));

// Real timers, taken before any test can fake them.
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;

let fileRoot;
let fileTimeoutMs = testTimeout;

/** The file's default, reset when the runner starts declaring the next file (a new root block). */
function defaultTimeoutMs(state) {
  if (state.rootDescribeBlock !== fileRoot) {
    fileRoot = state.rootDescribeBlock;
    fileTimeoutMs = testTimeout;
  }
  return fileTimeoutMs;
}

/** `fn` (a promise, a value or a done callback's) failing after `timeoutMs`; taking no argument, as the runner needs. */
function timed(fn, timeoutMs, what) {
  const run = fn.length >= 1 ? () => new Promise((resolve, reject) => fn((error) => (error ? reject(error) : resolve()))) : fn;
  return () =>
    new Promise((resolve, reject) => {
      const timer = realSetTimeout(() => reject(new Error(`Exceeded timeout of ${timeoutMs} ms for ${what}.`)), timeoutMs);
      Promise.resolve()
        .then(run)
        .then(resolve, reject)
        .finally(() => realClearTimeout(timer));
    });
}

circus.addEventHandler((event, state) => {
  if (event.name !== 'add_test' && event.name !== 'add_hook') return;
  const timeoutMs = event.timeout ?? defaultTimeoutMs(state);
  const block = state.currentDescribeBlock;
  if (event.name === 'add_test') {
    const test = block.children.at(-1);
    if (test?.type === 'test' && test.fn === event.fn && test.fn) test.fn = timed(test.fn, timeoutMs, `a test (${test.name})`);
  } else {
    const hook = block.hooks.at(-1);
    if (hook?.fn === event.fn) hook.fn = timed(hook.fn, timeoutMs, `a ${hook.type} hook`);
  }
});

globalThis.jest.setTimeout = (timeoutMs) => {
  defaultTimeoutMs(circus.getState());
  fileTimeoutMs = timeoutMs;
  return globalThis.jest;
};
