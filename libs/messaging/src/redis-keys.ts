import type { ContestBoardChange } from '@oj/contracts';

/** Redis keys and pub/sub channels of a site; its prefix keeps sites and test runs apart on one Redis. */

/** Where the submission changes that stream clients receive are published (by workers and the API). */
export function liveEventsChannel(redisPrefix: string): string {
  return `${redisPrefix}:submission-events`;
}

/** API instances tell each other about access changes on this channel; stream clients never see it. */
export function accessChangesChannel(redisPrefix: string): string {
  return `${redisPrefix}:live-access-changes`;
}

/** Where the API publishes contest events (clarifications) to every API instance's contest streams. */
export function contestEventsChannel(redisPrefix: string): string {
  return `${redisPrefix}:contest-events`;
}

/**
 * Where the API tells every instance that a contest's board changed other than by a result (the worker's `finished`
 * events cover those): each instance drops its cached pages of that board, and tells its viewers when `change` says.
 */
export function contestBoardsChannel(redisPrefix: string): string {
  return `${redisPrefix}:contest-boards`;
}

/**
 * A board changed: `contestId` null for every contest (a deleted user's rows leave each board they were on);
 * `change` null when the viewers need not be told (a registration adds a row of zeros at the bottom).
 */
export interface BoardChange {
  contestId: number | null;
  change: ContestBoardChange | null;
  /** A participation just registered: instances place its row in their kept rankings instead of reading them again. */
  registered?: string;
}

/** What changes who may see live events: a problem's visibility (or existence), or a user's role or status. */
export type AccessChange = { problemId: number } | { userId: string };

/** Where workers publish the languages of their engine. */
export function languagesKey(redisPrefix: string): string {
  return `${redisPrefix}:languages`;
}
/** Seconds a published language list stays valid without a live worker refreshing it. */
export const LANGUAGES_TTL_SECONDS = 90;
