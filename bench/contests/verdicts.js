// Verdicts on the seeded round (bench/contests/seed.js), written by the real result path as the judge worker writes
// them: writeFinalResult (the board re-folded in the result's transaction), then the submission's `finished` event
// on the site's Redis channel (LiveEventPublisher), which every API instance takes in (its board cache dropped, its
// contest streams sent the row); and the board change the API publishes after a change of its own.
const Redis = require('ioredis');
const { lib } = require('./seed');

/** `n` random official participations (none of `excludeUserId`'s), each with a problem of theirs (label A). */
async function verdictTargets(db, contestId, excludeUserId, n) {
  const { rows } = await db.query(
    `SELECT p.id, p.user_id, cp.problem_id FROM contest_participations p
     JOIN contest_problems cp ON cp.contest_id = p.contest_id AND cp.label = 'A'
     WHERE p.contest_id = $1 AND p.user_id <> $2 ORDER BY random() LIMIT $3`,
    [contestId, excludeUserId, n],
  );
  return rows;
}

/** The result path on `stack`'s database and Redis; `close()` when done. */
async function resultPath(stack) {
  const { createDataSource, writeFinalResult, loadSubmissionRow, countHiddenSubmission } = lib('db');
  const { LiveEventPublisher, contestBoardsChannel } = lib('messaging');
  const ds = await createDataSource(stack.databaseUrl).initialize();
  const redis = new Redis(stack.redisUrl);
  const publisher = new LiveEventPublisher(redis, stack.redisPrefix);
  return {
    /**
     * A submission by `target`, made now and still running; resolves with its id. With `announce`, made as the API
     * makes one (SubmissionsService.enqueue): one the freeze hides counted pending on the public board, then its
     * `created` event published, which sends the public row to the contest's streams.
     */
    async submit(db, contestId, target, { announce = false } = {}) {
      const { rows } = await db.query(
        `INSERT INTO submissions (user_id, problem_id, contest_id, participation_id, language_id, language_name, source_code, source_len, status)
         VALUES ($1, $2, $3, $4, 71, 'Python 3', 'print(1)', 8, 'running') RETURNING id, frozen`,
        [target.user_id, target.problem_id, contestId, target.id],
      );
      if (announce) {
        if (rows[0].frozen) await countHiddenSubmission(ds, target.id, target.problem_id);
        await publisher.publish(await loadSubmissionRow(ds.manager, rows[0].id), 'created');
      }
      return rows[0].id;
    },
    /** Its result written and published, as the worker finishes a grading. */
    async finish(id, problemId, status = 'accepted') {
      const earnedPoints = status === 'accepted' ? 1 : 0;
      const result = {
        status,
        score: 100 * earnedPoints,
        earnedPoints,
        totalPoints: 1,
        runtimeMs: 10,
        memoryKB: 3000,
        testCaseResults: [],
      };
      await writeFinalResult(ds, id, problemId, result);
      await publisher.publish(await loadSubmissionRow(ds.manager, id), 'finished');
    },
    /** What the API's BoardChanges publishes after a change it made itself (the unfreeze, an edit). */
    async boardChanged(contestId, change) {
      await redis.publish(contestBoardsChannel(stack.redisPrefix), JSON.stringify({ contestId, change }));
    },
    async close() {
      redis.disconnect();
      await ds.destroy();
    },
  };
}

module.exports = { verdictTargets, resultPath };
