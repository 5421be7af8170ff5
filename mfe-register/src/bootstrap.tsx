/** Standalone start, for working on the register without the shell: mounted under /caisse like in the shell. */
import { renderStandalone } from '@kermesse/ui-kit';
import App from './App';

renderStandalone(App, { path: '/caisse', linkLabel: 'Ouvrir la caisse' });
