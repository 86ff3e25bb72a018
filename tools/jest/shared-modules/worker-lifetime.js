// A worker process ends with the Jest run that started it. The runner does not end its process workers; it only
// closes their channel when Jest exits (forceExit), and a worker whose last file left a queue or a timer open would
// otherwise live on, idle or busy, after the run.
process.on('disconnect', () => process.exit());
