// Every page needs the manifest of remotes before a remote can load: ask for it while the shell's own
// chunks download, instead of after them (issue 15, « speed on a phone »: one round trip less).
const manifest = document.createElement('link');
manifest.rel = 'preload';
manifest.as = 'fetch';
manifest.crossOrigin = 'anonymous';
manifest.href = '/remotes.json';
document.head.appendChild(manifest);

import('./bootstrap');
