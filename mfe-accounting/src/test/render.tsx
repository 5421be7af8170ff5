/** Renders a screen of the remote the way the shell mounts it: under /comptabilite, with a signed-in treasurer. */
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SESSION_STORAGE_KEY, SessionProvider, type Role } from '@kermesse/ui-kit';
import { buildToken } from '@kermesse/ui-kit/testing';

export async function renderAt(path: string, element: ReactElement, { roles = ['treasurer'] as Role[] } = {}) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'tresorier@kermesse.local', roles }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/comptabilite/*" element={element} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}
