import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import { startIdleLock } from './idleLock';

describe('idle lock of a register', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('erases and releases the register token after 30 minutes without activity, not before', async () => {
    localStorage.setItem('bearerToken', 'jeton-caisse');
    localStorage.setItem('kermesseRegister.checkout.2', '{}');
    const calls = fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    const onLocked = vi.fn();
    const stop = startIdleLock({ onLocked });

    await vi.advanceTimersByTimeAsync(20 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(onLocked).not.toHaveBeenCalled();
    expect(localStorage.getItem('bearerToken')).toBe('jeton-caisse');

    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('bearerToken')).toBeNull();
    expect(localStorage.getItem('kermesseRegister.checkout.2')).toBeNull();
    expect(calls).toContainEqual(expect.objectContaining({ path: '/api/token/release', authorization: 'Bearer jeton-caisse' }));
    stop();
  });

  it('does nothing on a device without a register token, and honours a shorter setting', async () => {
    const onLocked = vi.fn();
    const stop = startIdleLock({ minutes: 5, onLocked });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(onLocked).not.toHaveBeenCalled();
    localStorage.setItem('bearerToken', 'jeton');
    fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 15_000);
    expect(onLocked).toHaveBeenCalledTimes(1);
    stop();
  });

  it("signs a cashier's session out once a register was chosen on this device, and leaves it alone before", async () => {
    const session = buildToken({ roles: ['cashier'] });
    localStorage.setItem(SESSION_STORAGE_KEY, session);
    const calls = fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    const onLocked = vi.fn();
    const stop = startIdleLock({ minutes: 30, onLocked });
    // Signed in, no register chosen here yet (an administrator reading the accounts, say): no lock.
    await vi.advanceTimersByTimeAsync(45 * 60_000);
    expect(onLocked).not.toHaveBeenCalled();

    localStorage.setItem('kermesseRegister.selection', JSON.stringify({ eventId: 7, checkout: { id: 3, name: 'Buvette' } }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(onLocked).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000 + 15_000);
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('kermesseRegister.selection')).toBeNull();
    expect(calls).toContainEqual(expect.objectContaining({ path: '/api/token/release', authorization: `Bearer ${session}` }));
    stop();
  });

  it("locks after the idle time set for the register's event, read from its settings", async () => {
    localStorage.setItem('bearerToken', 'jeton-caisse');
    localStorage.setItem('kermesseRegister.selection', JSON.stringify({ eventId: 7, checkout: { id: 3, name: 'Buvette' } }));
    const calls = fakeGateway({
      'GET /api/cr/settings': () => json({ success: true, data: { currency: 'EUR', idleLockMinutes: 10 } }),
      'POST /api/token/release': () => json({ success: true }),
    });
    const onLocked = vi.fn();
    const stop = startIdleLock({ onLocked });
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(onLocked).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000 + 15_000);
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/cr/settings', query: 'eventId=7', authorization: 'Bearer jeton-caisse' }),
    );
    expect(localStorage.getItem('kermesseRegister.selection')).toBeNull();
    stop();
  });

  it('keeps 30 minutes when the settings cannot be read (offline)', async () => {
    localStorage.setItem('bearerToken', 'jeton-caisse');
    localStorage.setItem('kermesseRegister.selection', JSON.stringify({ eventId: 7, checkout: { id: 3, name: 'Buvette' } }));
    fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    const onLocked = vi.fn();
    const stop = startIdleLock({ onLocked });
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(onLocked).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000 + 15_000);
    expect(onLocked).toHaveBeenCalledTimes(1);
    stop();
  });
});
