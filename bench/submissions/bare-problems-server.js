// The floor for GET /api/problems: a bare node:http server with one pg pool that answers the same JSON
// (the first 100 public problems, the list's fields) with nothing else: no framework, auth, validation,
// logging or compression. Started by problems.js as a child process: node bare-problems-server.js <databaseUrl>
const http = require('http');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.argv[2], max: 10 });
const SQL = `SELECT id, problem_id, title, difficulty, is_public, tags, algorithms, submission_count, accepted_submission_count
               FROM problems WHERE is_public ORDER BY problem_id LIMIT 100`;

const server = http.createServer(async (req, res) => {
  const { rows } = await pool.query(SQL);
  const items = rows.map((p) => ({
    id: p.id,
    _id: p.id,
    problemId: p.problem_id,
    title: p.title,
    difficulty: p.difficulty,
    isPublic: p.is_public,
    tags: p.tags,
    algorithms: p.algorithms,
    submissionCount: p.submission_count,
    acceptedSubmissionCount: p.accepted_submission_count,
  }));
  const body = JSON.stringify({ items });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
