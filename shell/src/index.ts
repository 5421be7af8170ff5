// Every page needs the manifest of remotes before a remote can load: ask for it while the shell's own
// chunks download, instead of after them (one round trip less). The gateway also hints it in the
// page's `Link` header; this covers a page served without it.
const manifest = document.createElement('link');
manifest.rel = 'preload';
manifest.as = 'fetch';
manifest.crossOrigin = 'anonymous';
manifest.href = '/remotes.json';
document.head.appendChild(manifest);

import('./bootstrap');
