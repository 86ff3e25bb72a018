import { Language } from '@oj/contracts';

import { EngineFailure } from '../judge-engine';

export interface Judge0ClientOptions {
  baseUrl: string;
  authToken?: string;
  /** Retries of a 503 ('queue is full') before giving up. */
  busyRetries?: number;
  retryDelayMs?: number;
  /** A Judge0 that stops answering must not hold a job forever. */
  requestTimeoutMs?: number;
}

/** Trouble with Judge0 itself, never the program's: the job fails and is retried. */
export class Judge0Error extends EngineFailure {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One item of POST /submissions/batch (base64 fields). */
export interface Judge0SubmissionRequest {
  language_id: number;
  source_code: string;
  stdin: string;
  /** Omitted for a custom run, which nobody checks. */
  expected_output?: string;
  cpu_time_limit: number;
  wall_time_limit: number;
  memory_limit: number;
}

/** One item of GET /submissions/batch (null for a token Judge0 does not know). */
export interface Judge0Submission {
  token: string;
  status: { id: number; description: string };
  stdout: string | null;
  stderr: string | null;
  compile_output: string | null;
  message: string | null;
  time: string | null;
  memory: number | null;
}

export const RESULT_FIELDS = 'token,status,stdout,stderr,compile_output,message,time,memory';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Thin HTTP client of Judge0 CE 1.13: auth header, JSON, error bodies and 503 back-off. */
export class Judge0Client {
  private readonly baseUrl: string;

  constructor(private readonly options: Judge0ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async languages(): Promise<Language[]> {
    const list = await this.request<{ id: number; name: string }[]>('GET', '/languages');
    return list.map((l) => ({ id: l.id, name: l.name }));
  }

  async submitBatch(submissions: Judge0SubmissionRequest[]): Promise<string[]> {
    const created = await this.request<({ token: string } | Record<string, string[]>)[]>('POST', '/submissions/batch?base64_encoded=true', {
      submissions,
    });
    return created.map((item, i) => {
      if (typeof item.token === 'string') return item.token;
      throw new Judge0Error(`Judge0 rejected submission ${i + 1}: ${railsErrors(item)}`, 422);
    });
  }

  async getBatch(tokens: string[]): Promise<Judge0Submission[]> {
    const body = await this.request<{ submissions: (Judge0Submission | null)[] }>(
      'GET',
      `/submissions/batch?tokens=${tokens.map(encodeURIComponent).join(',')}&base64_encoded=true&fields=${RESULT_FIELDS}`,
    );
    return body.submissions.map((submission, i) => {
      if (!submission) throw new Judge0Error(`Judge0 lost submission ${tokens[i]}.`);
      return submission;
    });
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const retries = this.options.busyRetries ?? 4;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            'Content-Type': 'application/json',
            ...(this.options.authToken ? { 'X-Auth-Token': this.options.authToken } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new Judge0Error(`Judge0 is unreachable at ${this.baseUrl}: ${(error as Error).message}`);
      }
      if (response.ok) return (await response.json()) as T;
      const text = await response.text();
      if (response.status === 503 && attempt < retries) {
        await sleep((this.options.retryDelayMs ?? 500) * 2 ** attempt);
        continue;
      }
      throw new Judge0Error(this.describe(response.status, text), response.status);
    }
  }

  private describe(status: number, text: string): string {
    if (status === 401) return 'Judge0 refused the request: missing or wrong X-Auth-Token (JUDGE0_AUTH_TOKEN) (401).';
    let detail = text.trim() || 'no details';
    try {
      const parsed = JSON.parse(text);
      detail = typeof parsed?.error === 'string' ? parsed.error : railsErrors(parsed);
    } catch {
      // Not JSON (a proxy's error page, say): keep the text as it is.
    }
    if (status === 503) return `Judge0 is busy: ${detail} (503).`;
    if (status === 422) return `Judge0 rejected the submissions: ${detail} (422).`;
    return `Judge0 answered ${status}: ${detail}`;
  }
}

/**
 * Judge0 reports invalid submissions the Rails way: `{field: [messages]}` per submission, in an array for a batch.
 * Turned into one readable line, each distinct message once: "cpu_time_limit must be less than or equal to 15".
 */
function railsErrors(body: unknown): string {
  const items = Array.isArray(body) ? body : [body];
  const lines = items
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && !('token' in item))
    .flatMap((item) => Object.entries(item).map(([field, messages]) => `${field} ${([] as unknown[]).concat(messages).join(', ')}`));
  // Every test of a batch usually fails for the same reason: say it once.
  return [...new Set(lines)].join('; ');
}
