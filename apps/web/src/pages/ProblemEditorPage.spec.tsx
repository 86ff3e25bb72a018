import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { ProblemEditorPage } from './ProblemEditorPage';

function open(author: string, problemStatus = 200) {
  storeTokens();
  const queries: string[] = [];
  mockFetch((r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user());
    if (route === 'GET /api/problems/3') {
      queries.push(new URL(r.url).search);
      return problemStatus === 200 ? json(200, { problemId: 3, title: 'Knapsack', author: { id: author, username: 'x' } }) : json(problemStatus, {});
    }
  });
  renderRoutes(<Route path="/problems/:problemId/edit" element={<ProblemEditorPage mode="edit" />} />, '/problems/3/edit');
  return queries;
}

describe('ProblemEditorPage (edit)', () => {
  beforeEach(() => localStorage.clear());

  it('refuses someone who is neither admin nor author', async () => {
    open('someone-else');
    expect(await screen.findByText('You do not have permission to edit this problem.')).toBeInTheDocument();
  });

  it('lets the author in, loading the problem with its private data', async () => {
    const queries = open('u1');
    expect(await screen.findByRole('heading', { name: 'Edit problem' })).toBeInTheDocument();
    expect(queries).toEqual(['?includePrivate=true']);
  });

  it("says 'Problem not found.' for a missing problem", async () => {
    open('u1', 404);
    expect(await screen.findByText('Problem not found.')).toBeInTheDocument();
  });
});
