import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { ConfirmDialog } from './Modal';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete problem</button>
      {open && (
        <ConfirmDialog
          title="Delete problem?"
          message="This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => setOpen(false)}
          onConfirm={onConfirm}
        />
      )}
    </>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that takes focus, keeps Tab inside and gives focus back on Escape', () => {
    render(<Harness onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Delete problem' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete problem?' });
    expect(dialog).toHaveFocus();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    confirm.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(cancel).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(confirm).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', () => {
    render(<Harness onConfirm={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete problem' }));
    fireEvent.mouseDown(screen.getByText('This cannot be undone.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
