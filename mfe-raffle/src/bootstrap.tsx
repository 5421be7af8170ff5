/** Standalone start, for working on the raffle screens without the shell: mounted under /tombola like in the shell. */
import { renderStandalone } from '@kermesse/ui-kit';
import App from './App';

renderStandalone(App, { path: '/tombola', linkLabel: 'Ouvrir la tombola' });
