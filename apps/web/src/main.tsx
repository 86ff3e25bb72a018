import './styles.css';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { App } from './App';
import { SessionProvider } from './session/SessionProvider';
import { applyTheme, storedTheme } from './theme/theme-store';

/** SPEC 9 query defaults: fresh for 30 s, one retry, no refetch on window focus. */
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });

// A data router, so a form with unsaved changes can hold navigation (useBlocker); App keeps its <Routes>.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <SessionProvider>
        <App />
      </SessionProvider>
    ),
  },
]);

// A remembered pick of the header's toggle, before the first paint; without one the CSS follows the system.
applyTheme(storedTheme(), false);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
