/** Standalone start, for working on the stock screens without the shell: mounted under /stock like in the shell. */
import { renderStandalone } from '@kermesse/ui-kit';
import App from './App';

renderStandalone(App, { path: '/stock', linkLabel: 'Ouvrir le stock' });
