import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';

/**
 * A stand-in for a Judge0 CE 1.13 server that answers as its documented API does (submissions_controller.rb):
 * X-Auth-Token check (401, empty body), 503 {"error":"queue is full"}, batches of at most 20 (400 beyond),
 * Rails-style per-submission errors (422 when none is valid), base64 in and out (wrapped at 60 characters like
 * Ruby's Base64.encode64), statuses 1 and 2 while "running", and the `fields` filter.
 *
 * "Execution" is simulated by the source text: COMPILE_ERROR → 6 with compile_output, NUL_ERROR → 6 with a NUL
 * in it, SLEEP → 5, SEGV → 7, CRASH → 11, NUL_CRASH → 11 with a NUL in its message, INTERNAL → 13, SUM → prints the sum of the integers of stdin, anything else → echoes stdin.
 * Output is compared as Judge0 does (right-stripped lines) when expected_output is given: 3 or 4.
 */
export interface FakeJudge0Options {
  authToken?: string;
  /** POST /submissions/batch answers 503 'queue is full' this many times first. */
  queueFullTimes?: number;
  /** Each submission is reported In Queue, then Processing, for this many polls before its result. */
  pollsBeforeDone?: number;
  /** Every answer is this late, like an overloaded server. */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
}

interface StoredSubmission {
  token: string;
  polls: number;
  result: Record<string, unknown>;
}

export const FAKE_LANGUAGES = [
  { id: 54, name: 'C++ (GCC 9.2.0)' },
  { id: 71, name: 'Python (3.8.1)' },
];

const DESCRIPTIONS: Record<number, string> = {
  1: 'In Queue',
  2: 'Processing',
  3: 'Accepted',
  4: 'Wrong Answer',
  5: 'Time Limit Exceeded',
  6: 'Compilation Error',
  7: 'Runtime Error (SIGSEGV)',
  8: 'Runtime Error (SIGXFSZ)',
  11: 'Runtime Error (NZEC)',
  13: 'Internal Error',
};
const ALL_FIELDS = ['token', 'status', 'stdout', 'stderr', 'compile_output', 'message', 'time', 'memory', 'language_id'];
const MAX_BATCH = 20;
const MAX_CPU_TIME_LIMIT = 15;
const MAX_WALL_TIME_LIMIT = 20;
const MAX_MEMORY_LIMIT = 512_000;
const TEXT_FIELDS = ['stdout', 'stderr', 'compile_output', 'message'];

const encode64 = (text: string) =>
  (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,60}/g) ?? []
  )
    .map((l) => `${l}\n`)
    .join('');
const decode64 = (text: unknown) => (typeof text === 'string' ? Buffer.from(text, 'base64').toString('utf8') : '');
const judge0Strip = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();

export class FakeJudge0Server {
  readonly requests: RecordedRequest[] = [];
  private readonly submissions = new Map<string, StoredSubmission>();
  private server?: Server;
  private queueFullLeft: number;
  private nextToken = 1;

  constructor(private readonly options: FakeJudge0Options = {}) {
    this.queueFullLeft = options.queueFullTimes ?? 0;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  requestsTo(method: string, pathname: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.url.pathname === pathname);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://judge0');
    const method = req.method ?? 'GET';
    this.requests.push({ method, url, headers: req.headers, body: raw ? JSON.parse(raw) : undefined, at: Date.now() });

    if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
    if (this.options.authToken && req.headers['x-auth-token'] !== this.options.authToken) return this.send(res, 401);
    if (method === 'GET' && url.pathname === '/languages') return this.send(res, 200, FAKE_LANGUAGES);
    if (method === 'POST' && url.pathname === '/submissions/batch') return this.createBatch(res, raw ? JSON.parse(raw) : {}, url);
    if (method === 'GET' && url.pathname === '/submissions/batch') return this.showBatch(res, url);
    this.send(res, 404, { error: 'not found' });
  }

  private createBatch(res: ServerResponse, body: { submissions?: Record<string, unknown>[] }, url: URL): void {
    if (this.queueFullLeft > 0) {
      this.queueFullLeft--;
      return this.send(res, 503, { error: 'queue is full' });
    }
    const items = body.submissions ?? [];
    if (items.length > MAX_BATCH)
      return this.send(res, 400, { error: `number of submissions in a batch should be less than or equal to ${MAX_BATCH}` });
    if (items.length === 0) return this.send(res, 400, { error: 'there should be at least one submission in a batch' });
    const base64 = url.searchParams.get('base64_encoded') !== 'false';
    const answer = items.map((item) => {
      const errors = this.errorsOf(item);
      if (Object.keys(errors).length) return errors;
      const token = `tok-${this.nextToken++}`;
      const text = (field: string) => (base64 ? decode64(item[field]) : String(item[field] ?? ''));
      this.submissions.set(token, {
        token,
        polls: 0,
        result: this.execute(text('source_code'), text('stdin'), item.expected_output == null ? null : text('expected_output')),
      });
      return { token };
    });
    this.send(res, answer.some((a) => 'token' in a) ? 201 : 422, answer);
  }

  private errorsOf(item: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    if (!item.source_code) errors.source_code = ["can't be blank"];
    if (!FAKE_LANGUAGES.some((l) => l.id === item.language_id)) errors.language_id = [`language with id ${item.language_id} doesn't exist`];
    if (Number(item.cpu_time_limit) > MAX_CPU_TIME_LIMIT) errors.cpu_time_limit = [`must be less than or equal to ${MAX_CPU_TIME_LIMIT}`];
    if (Number(item.wall_time_limit) > MAX_WALL_TIME_LIMIT)
      errors.wall_time_limit = [`must be less than or equal to ${MAX_WALL_TIME_LIMIT}`];
    if (Number(item.memory_limit) > MAX_MEMORY_LIMIT) errors.memory_limit = [`must be less than or equal to ${MAX_MEMORY_LIMIT}`];
    return errors;
  }

  private execute(source: string, stdin: string, expected: string | null): Record<string, unknown> {
    const time = (0.01 + stdin.length / 1000).toFixed(3);
    const memory = 3000 + stdin.length;
    const done = (id: number, extra: Record<string, unknown> = {}) => ({
      status: { id, description: DESCRIPTIONS[id] },
      stdout: null,
      stderr: null,
      compile_output: null,
      message: null,
      time,
      memory,
      ...extra,
    });
    if (source.includes('NUL_ERROR')) return done(6, { compile_output: 'error: a\0b\n', time: null, memory: null });
    if (source.includes('NUL_CRASH')) return done(11, { message: 'Exited\0 with error status 1' });
    if (source.includes('COMPILE_ERROR'))
      return done(6, { compile_output: "main.cpp:1:11: error: expected ')' before '{' token\n", time: null, memory: null });
    if (source.includes('SLEEP')) return done(5, { message: 'Time limit exceeded' });
    if (source.includes('SEGV')) return done(7, { message: 'Exited with error status 139' });
    // What Judge0 reports for an output past its max_file_size (isolate writes stdout to a file).
    if (source.includes('XFSZ')) return done(8, { stdout: 'partial', message: 'Exited with error status 153' });
    if (source.includes('CRASH')) return done(11, { stderr: 'Traceback: boom\n', message: 'Exited with error status 1' });
    if (source.includes('INTERNAL'))
      return done(13, { message: 'No such file or directory @ rb_sysopen - /box/script.py', time: null, memory: null });
    const stdout = source.includes('SUM') ? `${(stdin.match(/-?\d+/g) ?? []).reduce((a, n) => a + Number(n), 0)}\n` : stdin;
    const verdict = expected === null || judge0Strip(expected) === judge0Strip(stdout) ? 3 : 4;
    return done(verdict, { stdout });
  }

  private showBatch(res: ServerResponse, url: URL): void {
    const tokens = (url.searchParams.get('tokens') ?? '').split(',').filter(Boolean);
    if (tokens.length > MAX_BATCH)
      return this.send(res, 400, { error: `number of submissions in a batch should be less than or equal to ${MAX_BATCH}` });
    if (tokens.length === 0) return this.send(res, 400, { error: 'there should be at least one submission in a batch' });
    const fields = (url.searchParams.get('fields') ?? 'token,status,stdout,time,memory').split(',');
    const invalid = fields.filter((f) => !ALL_FIELDS.includes(f));
    if (invalid.length) return this.send(res, 400, { error: `invalid fields: [${invalid.join(', ')}]` });
    const base64 = url.searchParams.get('base64_encoded') !== 'false';
    const pollsBeforeDone = this.options.pollsBeforeDone ?? 0;
    const submissions = tokens.map((token) => {
      const stored = this.submissions.get(token);
      if (!stored) return null;
      stored.polls++;
      const view: Record<string, unknown> =
        stored.polls <= pollsBeforeDone
          ? {
              token,
              status: stored.polls === 1 ? { id: 1, description: DESCRIPTIONS[1] } : { id: 2, description: DESCRIPTIONS[2] },
              stdout: null,
              stderr: null,
              compile_output: null,
              message: null,
              time: null,
              memory: null,
            }
          : { token, ...stored.result };
      for (const field of TEXT_FIELDS) if (base64 && typeof view[field] === 'string') view[field] = encode64(view[field] as string);
      return Object.fromEntries(fields.map((f) => [f, view[f] ?? null]));
    });
    this.send(res, 200, { submissions });
  }

  private send(res: ServerResponse, status: number, body?: unknown): void {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  }
}
