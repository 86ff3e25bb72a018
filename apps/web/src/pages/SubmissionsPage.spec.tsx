import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LiveEvent } from '@oj/contracts';
import { Route } from 'react-router-dom';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { eventMatches, SubmissionsPage } from './SubmissionsPage';

jest.mock('../components/CodeEditor', () => ({ CodeEditor: () => null }));
jest.mock('../live/useSubmissionStream', () => ({ useSubmissionStream: () => undefined }));

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

describe('SubmissionsPage', () => {
  beforeEach(() => localStorage.clear());

  function open(role: string) {
    storeTokens();
    const queries: URLSearchParams[] = [];
    mockFetch((r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role }));
      if (route === 'GET /api/submissions') {
        const query = new URL(r.url).searchParams;
        queries.push(query);
        const items = query.get('status') ? [] : [{ ...event, id: 's1', _id: 's1', language: 'C++', score: 100, runtimeMs: 3, memoryKB: 700 }];
        return json(200, { items, total: items.length, totalPages: 1, page: 1, limit: 20 });
      }
    });
    renderRoutes(<Route path="/submissions" element={<SubmissionsPage />} />, '/submissions');
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
    await waitFor(() => expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({ sort: '-createdAt', status: 'tle', page: '1', limit: '20' }));
  });
});
