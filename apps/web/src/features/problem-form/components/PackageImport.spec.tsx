import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { PackageImport } from './PackageImport';

describe('PackageImport', () => {
  beforeEach(() => localStorage.clear());

  const choose = async (name: string) => {
    const input = (await screen.findByText('Import package')).closest('div')?.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], name, { type: 'application/zip' })] } });
  };

  it('uploads the package as a form, then links the new problem and lists the warnings', async () => {
    storeTokens();
    const fetch = mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/problems/import')
        return json(201, {
          problem: { problemId: 12, title: 'A plus B' },
          warnings: ['Statement legend.tex: LaTeX left as it is: \\includegraphics.'],
          timeLimit: { seconds: 2, rule: 'derived', detail: 'limits.time_multiplier 5 x the slowest accepted submission: 120 ms, so 2 s.' },
          mainSolution: {
            path: 'solutions/main.cpp',
            languageId: 54,
            result: {
              score: 50,
              cases: [3, 4].map((s, i) => ({ i, s, t: 5, m: 900, p: s === 3 ? 1 : 0 })),
              maxExecTimeMs: 5,
              maxMemoryKb: 900,
            },
            message: 'The main solution failed 1 of 2 tests: 2.',
          },
        });
    });
    renderRoutes(<Route path="/" element={<PackageImport />} />);
    await choose('a-plus-b.zip');
    expect(await screen.findByRole('link', { name: '#12 A plus B' })).toHaveAttribute('href', '/problems/12');
    expect(screen.getByRole('link', { name: 'Edit it' })).toHaveAttribute('href', '/problems/12/edit');
    expect(screen.getByRole('list', { name: 'Import warnings' })).toHaveTextContent('LaTeX left as it is: \\includegraphics.');
    expect(screen.getByLabelText('Main solution')).toHaveTextContent(
      'Main solution solutions/main.cpp: passed 1 of 2 tests, score 50. The main solution failed 1 of 2 tests: 2.',
    );
    expect(screen.getByLabelText('Time limit')).toHaveTextContent(
      'Time limit 2 s (derived from the accepted submissions): limits.time_multiplier 5 x the slowest accepted submission: 120 ms, so 2 s.',
    );
    const sent = fetch.mock.calls.map(([request]) => request as Request).find((r) => r.url.endsWith('/api/problems/import'));
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
  });

  it('says when the main solution could not be validated, and shows nothing for a package without one', async () => {
    storeTokens();
    let mainSolution: unknown = {
      path: 'solutions/main.py',
      languageId: 71,
      result: null,
      message: 'Validation unavailable: No judge worker is running.',
    };
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/problems/import')
        return json(201, { problem: { problemId: 12, title: 'A plus B' }, warnings: [], mainSolution });
    });
    renderRoutes(<Route path="/" element={<PackageImport />} />);
    await choose('a-plus-b.zip');
    expect(await screen.findByLabelText('Main solution')).toHaveTextContent(
      'Main solution solutions/main.py: not validated. Validation unavailable: No judge worker is running.',
    );
    mainSolution = null;
    await choose('again.zip');
    await screen.findByRole('link', { name: '#12 A plus B' });
    await waitFor(() => expect(screen.queryByLabelText('Main solution')).toBeNull());
  });

  it("shows the server's refusal", async () => {
    storeTokens();
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/problems/import')
        return json(400, { code: 'VALIDATION_ERROR', message: 'Test tests/03 is listed but missing from the archive.' });
    });
    renderRoutes(<Route path="/" element={<PackageImport />} />);
    await choose('broken.zip');
    expect(await screen.findByRole('alert')).toHaveTextContent('Test tests/03 is listed but missing from the archive.');
  });

  it('asks before importing a package this browser imported already (issue 33, defect 14)', async () => {
    storeTokens();
    let imports = 0;
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/problems/import')
        return json(201, { problem: { problemId: 12 + imports++, title: 'A plus B' }, warnings: [], mainSolution: null });
    });
    renderRoutes(<Route path="/" element={<PackageImport />} />);
    await choose('a-plus-b.zip');
    await screen.findByRole('link', { name: '#12 A plus B' });
    await choose('a-plus-b.zip');
    const dialog = await screen.findByRole('dialog', { name: 'Import this package again?' });
    expect(dialog).toHaveTextContent('This browser imported this package before, as #12 A plus B.');
    expect(imports).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(imports).toBe(1);
    await choose('a-plus-b.zip');
    fireEvent.click(await screen.findByRole('button', { name: 'Import again' }));
    expect(await screen.findByRole('link', { name: '#13 A plus B' })).toBeInTheDocument();
    expect(imports).toBe(2);
    // Another package goes straight in.
    await choose('other.zip');
    await waitFor(() => expect(imports).toBe(3));
  });
});
