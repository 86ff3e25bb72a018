import { fireEvent, screen } from '@testing-library/react';
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
        });
    });
    renderRoutes(<Route path="/" element={<PackageImport />} />);
    await choose('a-plus-b.zip');
    expect(await screen.findByRole('link', { name: '#12 A plus B' })).toHaveAttribute('href', '/problems/12');
    expect(screen.getByRole('link', { name: 'Edit it' })).toHaveAttribute('href', '/problems/12/edit');
    expect(screen.getByRole('list', { name: 'Import warnings' })).toHaveTextContent('LaTeX left as it is: \\includegraphics.');
    const sent = fetch.mock.calls.map(([request]) => request as Request).find((r) => r.url.endsWith('/api/problems/import'));
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
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
});
