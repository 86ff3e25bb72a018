import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { App } from './App';
import { mockFetch, renderRoutes } from './testing/render';

jest.mock('./components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

describe('App', () => {
  it('offers "Skip to main content" as the first focusable element, and it moves focus to the main content', () => {
    mockFetch(() => undefined);
    renderRoutes(<Route path="*" element={<App />} />, '/');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector(FOCUSABLE)).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
