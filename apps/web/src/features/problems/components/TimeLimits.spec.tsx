import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';

import { json, mockFetch } from '../../../testing/render';
import { TimeLimits } from './TimeLimits';

function renderLimits(limits: { languageId: number; seconds: number }[] | undefined) {
  mockFetch((_request, route) =>
    route === 'GET /api/languages'
      ? json(200, [
          { id: 71, name: 'Python (3.11.2)' },
          { id: 54, name: 'C++ (GCC 12.2.0)' },
        ])
      : undefined,
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TimeLimits limits={limits} />
    </QueryClientProvider>,
  );
}

describe('TimeLimits', () => {
  it("lists each language's effective CPU limit by name, an unknown one by id", async () => {
    renderLimits([
      { languageId: 71, seconds: 3 },
      { languageId: 54, seconds: 1 },
      { languageId: 999, seconds: 1 },
    ]);
    const list = screen.getByRole('list', { name: 'CPU time limits:' });
    expect(await within(list).findByText('Python (3.11.2): 3 s')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Python (3.11.2): 3 s', 'C++ (GCC 12.2.0): 1 s', 'Language 999: 1 s']);
  });

  it('shows nothing without limits', () => {
    const { container } = renderLimits([]);
    expect(container).toBeEmptyDOMElement();
  });
});
