import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestPage } from '../../../pages/ContestPage';
import { contestView, EMPTY_PAGE } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { scriptedStreams } from '../../../testing/scripted-stream';
import type { Contest } from '../api';
import { quoted } from './Clarifications';
import { noticeText } from './ContestStream';

// The Markdown stack is ESM Jest does not load; the text as written is enough here.
jest.mock('../../../components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));

// The contest stream, scripted: the test delivers events as the server would.
jest.mock('../../../live/submission-stream', () => jest.requireActual('../../../testing/scripted-stream'));

const contest = (extra: Partial<Contest> = {}) =>
  contestView({ participation: { kind: 'official', registeredAt: new Date().toISOString(), startedAt: null, endsAt: null }, ...extra });
const clarification = (extra: Record<string, unknown> = {}) => ({
  id: 1,
  contestId: 7,
  username: 'alice',
  rating: null,
  problemLabel: 'A',
  question: 'May the input end without a newline?',
  answer: null,
  public: false,
  createdAt: new Date().toISOString(),
  answeredAt: null,
  ...extra,
});
const BOARD = {
  format: 'icpc',
  labels: ['A', 'B'],
  frozen: false,
  items: [],
  mine: null,
  firstSolvers: {},
  problemTotals: {},
  total: 0,
  totalPages: 0,
  page: 1,
  limit: 100,
  virtualMinute: null,
};

function serve(me: ReturnType<typeof user>, clarifications: unknown[], url = '/contests/7') {
  storeTokens();
  const posts: { route: string; body: unknown }[] = [];
  mockFetch(async (request, route) => {
    if (route === 'GET /api/auth/me') return json(200, me);
    if (route === 'GET /api/contests/7') return json(200, contest());
    if (route === 'GET /api/contests/7/scoreboard') return json(200, BOARD);
    if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
    if (route === 'GET /api/contests/7/clarifications') return json(200, { items: clarifications });
    if (route.startsWith('POST /api/contests/7/clarifications')) {
      posts.push({ route, body: await request.json() });
      return json(200, clarification());
    }
  });
  renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, url);
  return posts;
}

describe('clarifications on the contest page', () => {
  beforeEach(() => {
    localStorage.clear();
    scriptedStreams.length = 0;
  });

  it('lets a participant ask about a problem, and shows their own and the public answers', async () => {
    const posts = serve(user(), [
      clarification({ id: 2, username: null, public: true, question: 'Is n ≥ 1?', answer: 'Yes.', problemLabel: null }),
      clarification(),
    ]);
    const section = await screen.findByRole('region', { name: 'Clarifications' });
    expect(await within(section).findByText('Yes.')).toBeInTheDocument();
    expect(within(section).getByText('Not answered yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Answer/ })).not.toBeInTheDocument();
    fireEvent.change(within(section).getByLabelText('About'), { target: { value: 'B' } });
    fireEvent.change(within(section).getByLabelText('Question'), { target: { value: 'Is the graph connected?' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Ask' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { route: 'POST /api/contests/7/clarifications', body: { question: 'Is the graph connected?', problemLabel: 'B' } },
      ]),
    );
  });

  it('lets an admin see the asker, quote the question and answer publicly, and post a clarification unprompted', async () => {
    const posts = serve(user({ role: 'admin', username: 'root' }), [clarification({ rating: 1650 })]);
    const section = await screen.findByRole('region', { name: 'Clarifications' });
    const asker = await within(section).findByRole('link', { name: 'alice' });
    expect(asker.closest('p')).toHaveTextContent(/^Problem A · alice · /);
    expect(asker).toHaveClass('tier-expert');
    const form = within(section).getByRole('form', { name: 'Answer question 1' });
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'Yes.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Quote the question' }));
    fireEvent.click(within(form).getByLabelText('Public'));
    fireEvent.click(within(form).getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      route: 'POST /api/contests/7/clarifications/1/answer',
      body: { answer: '> May the input end without a newline?\n\nYes.', public: true },
    });

    const notice = within(section).getByRole('form', { name: 'Post a clarification' });
    fireEvent.change(within(notice).getByLabelText('Clarification'), { target: { value: 'B: n ≤ 10^5.' } });
    fireEvent.click(within(notice).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ route: 'POST /api/contests/7/clarifications', body: { answer: 'B: n ≤ 10^5.', public: true } });
  });

  it('shows a new answer live, in the list and in a notice, from the contest stream', async () => {
    serve(user(), [clarification()]);
    const section = await screen.findByRole('region', { name: 'Clarifications' });
    await within(section).findByText('Not answered yet.');
    await waitFor(() => expect(scriptedStreams.map((s) => s.streamPath)).toContain('/api/contests/7/scoreboard/stream'));
    const stream = scriptedStreams.find((s) => s.streamPath === '/api/contests/7/scoreboard/stream');
    act(() =>
      stream?.onEvent({
        eventType: 'clarification',
        eventId: 'e1',
        emittedAt: new Date().toISOString(),
        contestId: 7,
        clarification: clarification({ answer: 'Yes, it may.', answeredAt: new Date().toISOString() }),
      }),
    );
    expect(await within(section).findByText('Yes, it may.')).toBeInTheDocument();
    expect(within(section).queryByText('Not answered yet.')).not.toBeInTheDocument();
    const toast = screen.getAllByRole('status').find((region) => region.classList.contains('toast-region')) as HTMLElement;
    expect(toast).toHaveAttribute('aria-live', 'polite');
    expect(toast).toHaveTextContent('New clarification on A: Yes, it may.');
    fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(toast).toBeEmptyDOMElement();
  });

  it("scrolls to the clarifications when the notice's link leads there", async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    serve(user(), [clarification()], '/contests/7#clarifications');
    const section = await screen.findByRole('region', { name: 'Clarifications' });
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(section);
  });

  it('quotes every line of a question, and the notice leaves the quote out', () => {
    expect(quoted('one\ntwo')).toBe('> one\n> two\n\n');
    expect(noticeText(clarification({ answer: `${quoted('Is n ≥ 1?')}Yes.` }))).toBe('New clarification on A: Yes.');
    expect(noticeText(clarification({ problemLabel: null }))).toBe('New question from alice: May the input end without a newline?');
  });
});
