import { render, screen } from '@testing-library/react';

import { CodeEditor } from './CodeEditor';

// CodeMirror is ESM-only: a stand-in shows what the wrapper hands it.
jest.mock('./CodeMirrorEditor', () => ({
  __esModule: true,
  default: ({ label, describedBy }: { label: string; describedBy?: string }) => (
    <textarea aria-label={label} aria-describedby={describedBy} />
  ),
}));

describe('CodeEditor', () => {
  it('says under an editable editor how to leave it, and describes the editor with it', async () => {
    render(<CodeEditor value="" label="Source code" />);
    const editor = await screen.findByRole('textbox', { name: 'Source code' });
    expect(editor).toHaveAccessibleDescription('Tab indents. Esc then Tab leaves the editor.');
  });

  it('shows no such hint beside read-only source', async () => {
    render(<CodeEditor value="print(1)" label="Source" readOnly />);
    await screen.findByRole('textbox', { name: 'Source' });
    expect(screen.queryByText(/Esc then Tab/)).toBeNull();
  });
});
