import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { SubmitForm } from './SubmitForm';

// The editor as a textarea that shows what it was given: its language and font size.
jest.mock('../../../components/CodeEditor', () => ({
  CodeEditor: (props: { value: string; onChange?: (v: string) => void; label: string; languageId?: number; fontSize?: number }) => (
    <textarea
      aria-label={props.label}
      data-language={props.languageId}
      data-font-size={props.fontSize}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));

const LANGUAGES = [
  { id: 54, name: 'C++ (GCC 12.2.0)' },
  { id: 62, name: 'Java (OpenJDK 17)' },
  { id: 71, name: 'Python (3.11.2)' },
];

const TEMPLATES = [
  { languageId: 54, sourceCode: 'int main() {\n}\n' },
  { languageId: 71, sourceCode: 'n = int(input())\n' },
];

function open(preferences: Response, allowed: number[] = [], templates: typeof TEMPLATES = []) {
  storeTokens();
  mockFetch((_r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user());
    if (route === 'GET /api/languages') return json(200, LANGUAGES);
    if (route === 'GET /api/users/me/preferences') return preferences;
  });
  renderRoutes(
    <Route
      path="/problems/7"
      element={<SubmitForm problemId={7} allowed={allowed} samples={[]} templates={templates} onSubmitted={() => undefined} />}
    />,
    '/problems/7',
  );
}

const select = () => screen.getByLabelText('Language') as HTMLSelectElement;
const editor = () => screen.getByLabelText('Source code');

describe('SubmitForm with the user’s editor settings', () => {
  beforeEach(() => localStorage.clear());

  it('opens in the default language, over the one last used here, at the chosen font size', async () => {
    localStorage.setItem('oj.lastLanguage', '71');
    open(json(200, { defaultLanguageId: 54, editorFontSize: 18 }));
    await waitFor(() => expect(select().value).toBe('54'));
    expect(editor()).toHaveAttribute('data-language', '54');
    expect(editor()).toHaveAttribute('data-font-size', '18');
  });

  it('keeps to the last language used when the problem does not allow the default', async () => {
    localStorage.setItem('oj.lastLanguage', '62');
    open(json(200, { defaultLanguageId: 54, editorFontSize: 13 }), [62, 71]);
    await screen.findByRole('option', { name: 'Java (OpenJDK 17)' });
    await waitFor(() => expect(editor()).toHaveAttribute('data-font-size', '13'));
    expect(select().value).toBe('62');
  });

  it('lets the user pick another language on the page', async () => {
    open(json(200, { defaultLanguageId: 54, editorFontSize: 16 }));
    await waitFor(() => expect(select().value).toBe('54'));
    fireEvent.change(select(), { target: { value: '62' } });
    expect(select().value).toBe('62');
    expect(editor()).toHaveAttribute('data-language', '62');
  });

  it("shows the chosen language's template in an empty editor, and follows a pick while it is untouched", async () => {
    open(json(200, { defaultLanguageId: 54, editorFontSize: 13 }), [], TEMPLATES);
    await waitFor(() => expect(select().value).toBe('54'));
    expect(editor()).toHaveValue('int main() {\n}\n');
    fireEvent.change(select(), { target: { value: '71' } });
    expect(editor()).toHaveValue('n = int(input())\n');
    fireEvent.change(select(), { target: { value: '62' } });
    expect(editor()).toHaveValue('');
    fireEvent.change(select(), { target: { value: '54' } });
    expect(editor()).toHaveValue('int main() {\n}\n');
    // Edited, the code is the user's: another pick keeps it, and it is kept as a draft, unlike the template as given.
    fireEvent.change(editor(), { target: { value: 'int main() { return 0; }\n' } });
    fireEvent.change(select(), { target: { value: '71' } });
    expect(editor()).toHaveValue('int main() { return 0; }\n');
    await waitFor(() => expect(localStorage.getItem('oj.draft.7.71')).toBe('int main() { return 0; }\n'));
    expect(localStorage.getItem('oj.draft.7.54')).toBeNull();
  });

  it('brings back a draft over the template', async () => {
    localStorage.setItem('oj.draft.7.54', 'my code');
    open(json(200, { defaultLanguageId: 54, editorFontSize: 13 }), [], TEMPLATES);
    await waitFor(() => expect(select().value).toBe('54'));
    expect(editor()).toHaveValue('my code');
  });

  it('uses Python 3 and 13 px when the settings cannot be read', async () => {
    open(json(500, {}));
    await screen.findByRole('option', { name: 'Python (3.11.2)' });
    expect(select().value).toBe('71');
    expect(editor()).toHaveAttribute('data-font-size', '13');
  });
});
