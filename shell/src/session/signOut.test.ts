import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import { signOutEverywhere } from './signOut';

describe('signOutEverywhere', () => {
  it('releases the session and register tokens, then erases every register trace', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'jeton-session');
    localStorage.setItem('bearerToken', 'jeton-caisse');
    localStorage.setItem('kermesseRegister.checkout.3', '{}');
    localStorage.setItem('kermesseRegister.settings', '{}');
    localStorage.setItem('kermesseRegister.stockAlerts.1', '{}');
    localStorage.setItem('kermesseRegister.cardReader', '"rdr"');
    localStorage.setItem('kermesseTheme', 'dark');
    const calls = fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });

    await signOutEverywhere();

    expect(calls.map((c) => [c.path, c.authorization])).toEqual(
      expect.arrayContaining([
        ['/api/token/release', 'Bearer jeton-session'],
        ['/api/token/release', 'Bearer jeton-caisse'],
      ]),
    );
    expect(Object.keys(localStorage)).toEqual(['kermesseTheme']);
  });

  it('forgets everything even when the server cannot be reached', async () => {
    localStorage.setItem('bearerToken', 'jeton-caisse');
    fakeGateway({});
    await signOutEverywhere();
    expect(localStorage.getItem('bearerToken')).toBeNull();
  });
});
