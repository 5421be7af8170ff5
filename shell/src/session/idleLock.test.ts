import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
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
});
