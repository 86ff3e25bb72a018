import { SubmissionRow } from '@oj/contracts';

import { LiveEventPublisher, Publisher } from './live-event-publisher';

describe('LiveEventPublisher', () => {
  const published: [string, unknown][] = [];
  const redis: Publisher = { publish: async (channel, message) => published.push([channel, JSON.parse(message)]) };
  const publisher = new LiveEventPublisher(redis, 'site-a');
  beforeEach(() => (published.length = 0));

  it('publishes a submission change as a live event on the site’s channel, each with its own id', async () => {
    const row = { id: 's1', status: 'running' } as SubmissionRow;
    await publisher.publish(row, 'running');
    await publisher.publish(row, 'running');
    const [[channel, event], [, again]] = published as [string, Record<string, unknown>][];
    expect(channel).toBe('site-a:submission-events');
    expect(event).toMatchObject({ id: 's1', status: 'running', eventType: 'running', _eventType: 'running' });
    expect(new Date(event.emittedAt as string).toISOString()).toBe(event.emittedAt);
    expect(event.eventId).not.toBe(again.eventId);
  });

  it('publishes access changes on a channel of their own', async () => {
    await publisher.publishAccessChange({ problemId: 7 });
    expect(published).toEqual([['site-a:live-access-changes', { problemId: 7 }]]);
  });
});
