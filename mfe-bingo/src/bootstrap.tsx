/** Standalone start, for working on the loto screens without the shell: mounted under /loto like in the shell. */
import { renderStandalone } from '@kermesse/ui-kit';
import App from './App';

renderStandalone(App, { path: '/loto', linkLabel: 'Ouvrir le loto' });
