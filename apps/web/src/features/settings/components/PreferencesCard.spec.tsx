import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { RequireAuth } from '../../../session/RouteGuards';
import { Handler, json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { PreferencesCard } from './PreferencesCard';

const LANGUAGES = [
  { id: 54, name: 'C++ (GCC 12.2.0)' },
  { id: 71, name: 'Python (3.11.2)' },
];

async function open(saved: Record<string, unknown>, handler: Handler = () => undefined) {
  storeTokens();
  const fetch = mockFetch((r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user());
    if (route === 'GET /api/languages') return json(200, LANGUAGES);
    if (route === 'GET /api/users/me/preferences') return json(200, saved);
    return handler(r, route);
  });
  renderRoutes(
    <Route
      path="/settings"
      element={
        <RequireAuth>
          <PreferencesCard />
        </RequireAuth>
      }
    />,
    '/settings',
  );
  await screen.findByRole('heading', { name: 'Editor' });
  await screen.findByRole('option', { name: 'C++ (GCC 12.2.0)' });
  return fetch;
}

const fontSize = () => screen.getByLabelText('Editor font size (px)');
const language = () => screen.getByLabelText('Default language');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save editor settings' }));

describe('PreferencesCard (Settings: Editor)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the saved settings and saves both fields', async () => {
    let body: unknown;
    await open({ defaultLanguageId: 54, editorFontSize: 16, editorTabWidth: 4, editorKeymap: 'default' }, async (r, route) => {
      if (route !== 'PUT /api/users/me/preferences') return undefined;
      body = await r.json();
      return json(200, body);
    });
    expect(language()).toHaveValue('54');
    expect(fontSize()).toHaveValue(16);
    fireEvent.change(language(), { target: { value: '71' } });
    fireEvent.change(fontSize(), { target: { value: '18' } });
    expect(screen.getByText(/^print/)).toHaveStyle({ fontSize: '18px' });
    save();
    expect(await screen.findByText('Editor settings saved.')).toBeInTheDocument();
    expect(body).toEqual({ defaultLanguageId: 71, editorFontSize: 18, editorTabWidth: 4, editorKeymap: 'default' });
  });

  it('shows and saves the tab width and key bindings (issue 33, defect 12)', async () => {
    let body: unknown;
    await open({ defaultLanguageId: null, editorFontSize: 13, editorTabWidth: 8, editorKeymap: 'emacs' }, async (r, route) => {
      if (route !== 'PUT /api/users/me/preferences') return undefined;
      body = await r.json();
      return json(200, body);
    });
    expect(screen.getByLabelText('Tab width')).toHaveValue('8');
    expect(screen.getByLabelText('Key bindings')).toHaveValue('emacs');
    expect(screen.getAllByRole('option', { name: /columns$/ }).map((o) => o.textContent)).toEqual(['2 columns', '4 columns', '8 columns']);
    fireEvent.change(screen.getByLabelText('Tab width'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Key bindings'), { target: { value: 'vim' } });
    save();
    await waitFor(() => expect(body).toEqual({ defaultLanguageId: null, editorFontSize: 13, editorTabWidth: 2, editorKeymap: 'vim' }));
  });

  it('sends null for no default language', async () => {
    let body: unknown;
    await open({ defaultLanguageId: 71, editorFontSize: 13, editorTabWidth: 4, editorKeymap: 'default' }, async (r, route) => {
      if (route !== 'PUT /api/users/me/preferences') return undefined;
      body = await r.json();
      return json(200, body);
    });
    fireEvent.change(language(), { target: { value: '' } });
    save();
    await waitFor(() => expect(body).toEqual({ defaultLanguageId: null, editorFontSize: 13, editorTabWidth: 4, editorKeymap: 'default' }));
  });

  it.each(['9', '25', '12.5', ''])('refuses a font size of "%s" without asking the server, until it is fixed', async (value) => {
    const fetch = await open({ defaultLanguageId: null, editorFontSize: 13, editorTabWidth: 4, editorKeymap: 'default' });
    fireEvent.change(fontSize(), { target: { value } });
    expect(screen.getByText('Font size must be a whole number from 10 to 24.')).toBeInTheDocument();
    expect(fontSize()).toHaveAttribute('aria-invalid', 'true');
    const calls = fetch.mock.calls.length;
    save();
    expect(fetch.mock.calls).toHaveLength(calls);
    fireEvent.change(fontSize(), { target: { value: '20' } });
    expect(screen.queryByText('Font size must be a whole number from 10 to 24.')).not.toBeInTheDocument();
  });

  it("shows the server's refusal under the language, and clears it on the next change", async () => {
    const message = 'This language is not available on the judge.';
    await open({ defaultLanguageId: null, editorFontSize: 13, editorTabWidth: 4, editorKeymap: 'default' }, (_r, route) =>
      route === 'PUT /api/users/me/preferences'
        ? json(400, { message, code: 'VALIDATION_ERROR', details: [{ path: 'defaultLanguageId', message }] })
        : undefined,
    );
    fireEvent.change(language(), { target: { value: '54' } });
    save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(language()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(language(), { target: { value: '71' } });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
