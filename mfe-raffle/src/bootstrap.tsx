/** Standalone start, for working on the raffle screens without the shell: mounted under /tombola like in the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { applyTheme, readTheme, SessionProvider } from '@kermesse/ui-kit';
import App from './App';

applyTheme(readTheme());

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root absent de index.html');

createRoot(container).render(
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <main className="rf-standalone">
          <Routes>
            <Route path="/tombola/*" element={<App />} />
            <Route path="*" element={<a href="/tombola">Ouvrir la tombola</a>} />
          </Routes>
        </main>
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
