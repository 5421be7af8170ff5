import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerOffline } from './register';

afterEach(() => {
  document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
});

describe('registerOffline', () => {
  it('links the web-app manifest and registers the service worker for the whole site', async () => {
    const register = vi.fn(() => Promise.resolve({}));
    const postMessage = vi.fn();
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { register, ready: Promise.resolve({ active: { postMessage } }) },
    });
    try {
      registerOffline();
      await vi.waitFor(() => expect(register).toHaveBeenCalled());
      const [script, options] = register.mock.calls[0] as unknown as [URL, RegistrationOptions];
      expect(String(script)).toMatch(/sw\.js$/);
      expect(options).toEqual({ scope: '/' });
      expect(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href).toMatch(/manifest\.webmanifest$/);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('still links the manifest where service workers do not exist (plain http on the fair network)', async () => {
    vi.stubGlobal('isSecureContext', false);
    registerOffline();
    await vi.waitFor(() => expect(document.querySelectorAll('link[rel="manifest"]')).toHaveLength(1));
  });
});
