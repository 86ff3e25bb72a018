import { LiveEvent } from '@oj/contracts';
import { eventMatches } from './SubmissionsPage';

const event = { userId: 'AbC-123', userName: 'Alice', problemId: 4, status: 'accepted', createdAt: '2026-11-23T23:59:00.000Z' } as LiveEvent;
const none = { status: '', user: '', problemId: '', dateFrom: '', dateTo: '' };

describe('eventMatches (the global list keeps only live events its filters would show)', () => {
  it.each([
    [{}, true],
    [{ status: 'accepted' }, true],
    [{ status: 'wrong_answer' }, false],
    [{ user: 'lic' }, true],
    [{ user: 'abc-123' }, true],
    [{ user: 'abc' }, false],
    [{ user: 'bob' }, false],
    [{ problemId: '4' }, true],
    [{ problemId: '5' }, false],
    [{ dateFrom: '2026-11-23', dateTo: '2026-11-23' }, true],
    [{ dateTo: '2026-11-22' }, false],
    [{ dateFrom: '2026-11-24' }, false],
  ])('%j → %s', (filters, expected) => {
    expect(eventMatches({ ...none, ...filters }, event)).toBe(expected);
  });
});
