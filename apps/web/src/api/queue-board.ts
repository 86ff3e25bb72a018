import { api, unwrap } from './client';
import { leaveApp } from './leave-app';

/**
 * The queue board is a server-rendered page, which cannot send the bearer token this SPA keeps: ask the API for a
 * short-lived board cookie (HttpOnly, only sent to /admin/queues), then go there.
 */
export async function openQueueBoard(): Promise<void> {
  const session = await unwrap(api.POST('/api/admin/queue-board/session'), 'Could not open the queue board.');
  leaveApp(session.path);
}
