import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { ExportPackage } from './ExportPackage';

describe('ExportPackage', () => {
  beforeEach(() => localStorage.clear());

  it('downloads the package and saves it as problem-<id>.zip', async () => {
    storeTokens();
    URL.createObjectURL = jest.fn(() => 'blob:package');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'GET /api/problems/7/package')
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/zip' } });
    });
    renderRoutes(<Route path="/" element={<ExportPackage problemId={7} />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export package' }));
    await waitFor(() => expect(names).toEqual(['problem-7.zip']));
    click.mockRestore();
  });
});
