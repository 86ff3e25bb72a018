import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';

import { RouteFocus } from './RouteFocus';
import { MAIN_CONTENT_ID } from './SkipLink';

/** A page whose heading shows only once its data has "loaded". */
function SlowPage() {
  const [ready, setReady] = useState(false);
  return ready ? <h1>Problem Archive</h1> : <button onClick={() => setReady(true)}>Load</button>;
}

function app() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <nav>
        <Link to="/problems">Problems</Link>
      </nav>
      <RouteFocus />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/problems" element={<SlowPage />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

describe('RouteFocus (issue 33, defect 15)', () => {
  it('leaves the first page alone, then focuses and announces the next page’s heading once it shows', async () => {
    app();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(document.body).toHaveFocus();
    const link = screen.getByRole('link', { name: 'Problems' });
    link.focus();
    fireEvent.click(link);
    // Focus stays on the header's link until the heading exists.
    expect(link).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    link.focus();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Problem Archive' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Problem Archive');
  });
});
