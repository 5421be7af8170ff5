/** Starts the shell: theme, runtime remotes from /remotes.json, then the React tree. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { applyTheme, readTheme } from '@kermesse/ui-kit';
import { Shell } from './Shell';
import { fetchManifest, remoteEntries, type RemoteManifest } from './remotes/manifest';
import { createRemoteComponents } from './remotes/remoteComponents';
import './offline';

applyTheme(readTheme());

// Registering does not download anything: a remote's entry is fetched on the first visit to its route.
const manifest: Promise<RemoteManifest> = fetchManifest().then((result) => {
  try {
    registerRemotes(remoteEntries(result.remotes));
    return result;
  } catch (error) {
    console.error('Enregistrement des modules impossible', error);
    return { remotes: [], failed: true };
  }
});

const components = createRemoteComponents((id) => loadRemote(id));

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root absent de index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Shell manifest={manifest} components={components} />
    </BrowserRouter>
  </StrictMode>,
);
