/** Standalone start, for working on the stock screens without the shell: mounted under /stock like in the shell. */
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
        <main className="stk-standalone">
          <Routes>
            <Route path="/stock/*" element={<App />} />
            <Route path="*" element={<a href="/stock">Ouvrir le stock</a>} />
          </Routes>
        </main>
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
