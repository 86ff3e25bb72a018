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

/** What changes who may see live events: a problem's visibility (or existence), or a user's role or status. */
export type AccessChange = { problemId: number } | { userId: string };

/** Where workers publish the languages of their engine. */
export function languagesKey(redisPrefix: string): string {
  return `${redisPrefix}:languages`;
}
/** Seconds a published language list stays valid without a live worker refreshing it. */
export const LANGUAGES_TTL_SECONDS = 90;
