import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { RejudgeAll, rejudgeProgressText } from './RejudgeAll';

describe('RejudgeAll', () => {
  beforeEach(() => localStorage.clear());

  it('words the progress', () => {
    expect(rejudgeProgressText({ total: 40, done: 12, pending: 28 })).toBe('Rejudging 12 of 40…');
    expect(rejudgeProgressText({ total: 40, done: 40, pending: 0 })).toBe('Rejudged 40 submissions.');
    expect(rejudgeProgressText({ total: 1, done: 1, pending: 0 })).toBe('Rejudged 1 submission.');
  });

  it('asks for confirmation, starts the rejudge and follows it to the end', async () => {
    storeTokens();
    let started = false;
    let reads = 0;
    const fetch = mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/problems/7/rejudge') return ((started = true), json(202, { queued: 40 }));
      if (route === 'GET /api/problems/7/rejudge') {
        if (!started) return json(200, { total: 0, done: 0, pending: 0 });
        return json(200, ++reads === 1 ? { total: 40, done: 12, pending: 28 } : { total: 40, done: 40, pending: 0 });
      }
    });
    renderRoutes(<Route path="/" element={<RejudgeAll problemId={7} />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rejudge all' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejudge all submissions' });
    expect(started).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejudge all' }));
    expect(await screen.findByText('Rejudging 12 of 40…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rejudge all' })).toBeDisabled();
    // The next poll, two seconds on, finds it done.
    expect(await screen.findByText('Rejudged 40 submissions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejudge all' })).toBeEnabled();
    expect(fetch.mock.calls.length).toBeGreaterThan(3);
  });

  it('cancelling the confirmation starts nothing', async () => {
    storeTokens();
    const fetch = mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'GET /api/problems/7/rejudge') return json(200, { total: 0, done: 0, pending: 0 });
    });
    renderRoutes(<Route path="/" element={<RejudgeAll problemId={7} />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rejudge all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.mock.calls.map(([input]) => (input as Request).method ?? 'GET')).not.toContain('POST');
  });
});
