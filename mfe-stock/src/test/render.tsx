/** Renders a screen of the remote the way the shell mounts it: under /stock, with a signed-in admin. */
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SESSION_STORAGE_KEY, SessionProvider } from '@kermesse/ui-kit';
import { buildToken } from '@kermesse/ui-kit/testing';

export async function renderAt(path: string, element: ReactElement, { roles = ['admin'] as ('admin' | 'cashier')[] } = {}) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/stock/*" element={element} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}
