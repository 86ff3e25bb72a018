import { SubmissionStatus } from './submission-status';
import { TestCaseResult } from './judging';

export type LiveEventType = 'created' | 'running' | 'progress' | 'finished';

/** Submission fields that travel in list rows and live events (never the source). */
export interface SubmissionRow {
  id: string;
  _id: string;
  userId: string | null;
  userName: string | null;
  problemId: number;
  problemTitle: string | null;
  problem: { id: string; title: string; problemId: number } | null;
  language: string;
  languageId: number;
  verdict: string;
  status: SubmissionStatus;
  score: number;
  runtimeMs: number | null;
  memoryKB: number | null;
  sourceLen: number;
  createdAt: string;
  submittedAt: string;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  /** Grading progress while running: tests done and total. */
  progress?: { done: number; total: number } | null;
}

/** What workers publish and SSE clients receive (SPEC 3 "Live event"). */
export interface LiveEvent extends SubmissionRow {
  eventId: string;
  emittedAt: string;
  _eventType: LiveEventType;
  eventType: LiveEventType;
}

export interface SubmissionDetail extends SubmissionRow {
  canViewSource: boolean;
  source?: string;
  testCaseResults: TestCaseResult[];
  resultSummary: { score: number; cases: TestCaseResult[]; message?: string } | null;
}

/** The Redis pub/sub channel of a site (its key prefix keeps sites and test runs apart). */
export function liveEventsChannel(redisPrefix: string): string {
  return `${redisPrefix}:submission-events`;
}

export function toLiveEvent(row: SubmissionRow, type: LiveEventType, eventId: string, emittedAt = new Date()): LiveEvent {
  return { ...row, eventId, emittedAt: emittedAt.toISOString(), _eventType: type, eventType: type };
}

/** Anything that can publish on a pub/sub channel (an ioredis client). */
export interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
}

/** Publishes one submission change to every API instance of the site. */
export async function publishLiveEvent(redis: Publisher, redisPrefix: string, row: SubmissionRow, type: LiveEventType, eventId: string): Promise<void> {
  await redis.publish(liveEventsChannel(redisPrefix), JSON.stringify(toLiveEvent(row, type, eventId)));
}
