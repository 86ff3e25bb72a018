import { LiveEvent } from '@oj/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { FILTER_DEBOUNCE_MS } from '../features/submissions/components/SubmissionsBrowser';
import { eventMatches, filtersFromSearch, searchFromFilters } from '../features/submissions/submission-filters';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { SubmissionsPage } from './SubmissionsPage';

jest.mock('../components/CodeEditor', () => ({ CodeEditor: () => null }));
jest.mock('../live/useSubmissionStream', () => ({ useSubmissionStream: () => undefined }));

const event = {
  userId: 'AbC-123',
  userName: 'Alice',
  userRating: null,
  problemId: 4,
  status: 'accepted',
  createdAt: '2026-11-23T23:59:00.000Z',
} as LiveEvent;
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

describe('filters in the URL', () => {
  it('reads filters and page from a query string, and writes only what is set', () => {
    const { filters, page } = filtersFromSearch(new URLSearchParams('status=tle&user=bob&page=3&junk=1'));
    expect({ filters, page }).toEqual({ filters: { ...none, status: 'tle', user: 'bob' }, page: 3 });
    expect(searchFromFilters(filters, page).toString()).toBe('status=tle&user=bob&page=3');
    expect(searchFromFilters(none, 1).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams('page=-2')).page).toBe(1);
    expect(filtersFromSearch(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('SubmissionsPage', () => {
  beforeEach(() => localStorage.clear());

  function open(role: string, url = '/submissions') {
    storeTokens();
    const queries: URLSearchParams[] = [];
    mockFetch((r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role }));
      if (route === 'GET /api/submissions') {
        const query = new URL(r.url).searchParams;
        queries.push(query);
        const items = query.get('status')
          ? []
          : [{ ...event, id: 's1', _id: 's1', language: 'C++', score: 100, runtimeMs: 3, memoryKB: 700 }];
        return json(200, { items, total: items.length, totalPages: 1, page: 1, limit: 20 });
      }
    });
    renderRoutes(<Route path="/submissions" element={<SubmissionsPage />} />, url);
    return queries;
  }

  it('shows the Actions column to admins only; others open details from the time', async () => {
    open('user');
    const time = await screen.findByRole('button', { name: /Details of the submission/ });
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    fireEvent.click(time);
    expect(screen.getByRole('dialog', { name: 'Submission Details' })).toBeInTheDocument();
  });

  it('gives admins the Actions column', async () => {
    open('admin');
    expect(await screen.findByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('sends the filters, newest first and 20 a page, with the filtered empty text', async () => {
    const queries = open('user');
    await screen.findByText('C++');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'tle' } });
    expect(await screen.findByText('No submissions match the current filters.')).toBeInTheDocument();
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({ sort: '-createdAt', status: 'tle', page: '1', limit: '20' }),
    );
  });

  it('opens a shared or reloaded view with its filters and page', async () => {
    const queries = open('user', '/submissions?status=tle&user=bob&page=2');
    expect(await screen.findByText('No submissions match the current filters.')).toBeInTheDocument();
    expect(Object.fromEntries(queries[0])).toEqual({ sort: '-createdAt', status: 'tle', user: 'bob', page: '2', limit: '20' });
    expect(screen.getByLabelText('User')).toHaveValue('bob');
    expect(screen.getByLabelText('Status')).toHaveValue('tle');
  });

  it('waits for a pause in typing before it asks the server, then keeps the filter in the URL', async () => {
    const queries = open('user');
    await screen.findByText('C++');
    const before = queries.length;
    for (const typed of ['b', 'bo', 'bob']) fireEvent.change(screen.getByLabelText('User'), { target: { value: typed } });
    expect(screen.getByLabelText('User')).toHaveValue('bob');
    expect(queries.length).toBe(before);
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?user=bob'));
    await waitFor(() => expect(queries.length).toBe(before + 1));
    expect(queries.at(-1)?.get('user')).toBe('bob');
    await new Promise((r) => setTimeout(r, FILTER_DEBOUNCE_MS + 50));
    expect(queries.length).toBe(before + 1);
  });

  it("shows the server's field message when a filter is refused", async () => {
    storeTokens();
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/submissions')
        return json(400, {
          message: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ path: 'problemId', message: 'problemId must not be greater than 2147483647' }],
        });
    });
    renderRoutes(<Route path="/submissions" element={<SubmissionsPage />} />, '/submissions?problemId=99999999999');
    expect(await screen.findByText('problemId must not be greater than 2147483647')).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).toBeNull();
  });

  it('keeps a status picked while a typed filter waits', async () => {
    open('user');
    await screen.findByText('C++');
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'tle' } });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=tle&user=bob'));
  });
});
