/** Renders a loto screen the way the shell mounts it: under /loto, with a signed-in user. */
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SESSION_STORAGE_KEY, SessionProvider, type Role } from '@kermesse/ui-kit';
import { buildToken } from '@kermesse/ui-kit/testing';

export async function renderAt(
  path: string,
  route: string,
  element: ReactElement,
  { roles = ['admin'] as Role[], email = 'admin@kermesse.local' } = {},
) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email, roles }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={element} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}
