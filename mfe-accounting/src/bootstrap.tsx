/** Standalone start, for working on the accounting screens without the shell: mounted under /comptabilite like in the shell. */
import { renderStandalone } from '@kermesse/ui-kit';
import App from './App';

renderStandalone(App, { path: '/comptabilite', linkLabel: 'Ouvrir la comptabilité' });
