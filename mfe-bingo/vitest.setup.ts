import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Tests that run in the node environment have no DOM.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});
