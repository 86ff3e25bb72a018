// Keeps one child process running for `npm start`: a crash restarts it instead of stopping the site.

/** Resolves once the child has exited (at once if it already has). */
function exited(child) {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Starts `spawnChild()` and starts it again whenever it exits on its own, after a back-off that doubles from
 * `firstDelayMs` to `maxDelayMs`; a run that lasted `healthyMs` resets it, so a crash loop slows down while a
 * rare crash is restarted at once.
 */
function supervise(name, spawnChild, { log, firstDelayMs = 1000, maxDelayMs = 30_000, healthyMs = 60_000 }) {
  let child;
  let stopped = false;
  let delay = firstDelayMs;
  let timer;

  function run() {
    const startedAt = Date.now();
    child = spawnChild();
    child.on('exit', (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= healthyMs) delay = firstDelayMs;
      log(`${name} exited (${signal || code}); restarting in ${delay / 1000} s.`);
      timer = setTimeout(run, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  }
  run();

  return {
    /** The process running now. */
    current: () => child,
    /** No more restarts: signals the current process and resolves once it has exited. */
    stop(signal = 'SIGTERM') {
      stopped = true;
      clearTimeout(timer);
      child.kill(signal);
      return exited(child);
    },
  };
}

module.exports = { supervise, exited };
