/** Business constants and limits (SPEC 9) shared by the API, the worker and the SPA. */
export const DIFFICULTIES = ['BASIC', 'EASY', 'MEDIUM', 'HARD'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const CPU_TIME_LIMIT = { min: 0.1, max: 30, step: 0.1, default: 2 } as const;
export const MEMORY_LIMIT_MB = { min: 16, max: 1024, default: 128 } as const;
/** Standard output per test, in MB (MiB), as DOMjudge's default; more is Output Limit Exceeded (`ole`). */
export const OUTPUT_LIMIT_MB = { min: 1, max: 1024, default: 8 } as const;
export const TEST_CASE_POINTS = { min: 1, max: 1000, default: 1 } as const;

export const MAX_TAGS = 20;
export const MAX_ALGORITHMS = 10;
export const MAX_ALGORITHM_SUGGESTIONS = 8;
export const MAX_TITLE_LENGTH = 200;
export const MAX_STATEMENT_BYTES = 64 * 1024;
export const MAX_TEST_DATA_BYTES = 64 * 1024 * 1024;
/** Not in the spec: bounds that keep one request's validation cheap (a ZIP import yields at most 500 pairs). */
export const MAX_TEST_CASES = 1000;
export const MAX_SAMPLES = 50;
export const MAX_PROBLEM_LANGUAGES = 100;
export const MAX_SOURCE_BYTES = 64 * 1024;
export const MAX_ANNOUNCEMENT_TITLE = 200;
export const MAX_ANNOUNCEMENT_BODY = 20_000;

export const DEFAULT_LANGUAGE_ID = 71;
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Ids stored in PostgreSQL `integer` columns (problem and language ids) never exceed this. */
export const MAX_INT_ID = 2_147_483_647;
export const PROBLEM_ARCHIVE_LIMIT = 100;
export const ANNOUNCEMENTS_LIMIT = 20;
export const MAX_ANNOUNCEMENTS_LIMIT = 50;

export const LIVE_DEDUP_MEMORY = 500;
export const LIVE_RECONNECT_DELAY_MS = 3000;
export const LIVE_POLL_INTERVAL_MS = 8000;
/** Heartbeats fall inside the 15–25 s window the clients expect. */
export const LIVE_HEARTBEAT_MS = 20_000;

export const LANGUAGES_CACHE_SECONDS = 300;

/** Submissions per day → heatmap level (SPEC 9). */
export function heatmapLevel(count: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0) return 0;
  if (count <= 2) return 1;
  if (count <= 4) return 2;
  if (count <= 7) return 3;
  return 4;
}
