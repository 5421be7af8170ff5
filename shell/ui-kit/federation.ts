/**
 * Module Federation `shared` settings used by the shell and by every remote, so that React, the
 * router and the UI kit exist once on the page. Read by the rspack configs (Node side only).
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  // `react-dom/` (with the slash) shares `react-dom/client`; the bare name is listed too because
  // react-dom/client and createPortal import it, and two copies of ReactDOM must never coexist.
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': { singleton: true, requiredVersion: '^7.0.0' },
  '@kermesse/ui-kit': { singleton: true, requiredVersion: '^0.1.0' },
};

/** Host and remotes take the copy already loaded on the page before asking for a newer one. */
export const shareStrategy = 'loaded-first' as const;
