/** Starts a remote on its own page (without the shell), mounted under its path as in the shell. */
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SessionProvider } from './session';
import { applyTheme, readTheme } from './theme';

export function renderStandalone(App: ComponentType, { path, linkLabel }: { path: string; linkLabel: string }): void {
  applyTheme(readTheme());
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root absent de index.html');
  createRoot(container).render(
    <StrictMode>
      <SessionProvider>
        <BrowserRouter>
          <main className="k-standalone">
            <Routes>
              <Route path={`${path}/*`} element={<App />} />
              <Route path="*" element={<a href={path}>{linkLabel}</a>} />
            </Routes>
          </main>
        </BrowserRouter>
      </SessionProvider>
    </StrictMode>,
  );
}
