/** Standalone start, for working on the register without the shell: mounted under /caisse like in the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { applyTheme, readTheme } from '@kermesse/ui-kit';
import App from './App';

applyTheme(readTheme());

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root absent de index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <main className="reg-standalone">
        <Routes>
          <Route path="/caisse/*" element={<App />} />
          <Route path="*" element={<a href="/caisse">Ouvrir la caisse</a>} />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
