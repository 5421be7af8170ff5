/**
 * A register left idle locks back to the token form (issue 11, shared tablets): after
 * `IDLE_LOCK_MINUTES` without a touch, a key or a scroll while a register token is on this device,
 * the token is released and erased with every register cache, and the page reloads on the
 * register's token form — nothing of the last sale or buyer stays in memory.
 */
import { useEffect } from 'react';
import { createApiClient } from '@kermesse/ui-kit';
import { forgetRegister, REGISTER_TOKEN_KEY } from './signOut';

/** Default idle time before the register locks (per-event setting: see the register's settings). */
export const IDLE_LOCK_MINUTES = 30;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
const CHECK_EVERY_MS = 15_000;

export interface IdleLockOptions {
  minutes?: number;
  storage?: Storage;
  now?: () => number;
  /** What locking does once the token is erased (default: reload on the register's token form). */
  onLocked?: () => void;
}

/** Starts watching; returns the function that stops it. */
export function startIdleLock({ minutes = IDLE_LOCK_MINUTES, storage = localStorage, now = Date.now, onLocked = () => window.location.assign('/caisse') }: IdleLockOptions = {}): () => void {
  let lastActivity = now();
  const handleActivity = () => {
    lastActivity = now();
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, handleActivity, { capture: true, passive: true });
  const timer = window.setInterval(() => {
    const token = storage.getItem(REGISTER_TOKEN_KEY);
    if (!token) {
      lastActivity = now();
      return;
    }
    if (now() - lastActivity < minutes * 60_000) return;
    forgetRegister(storage);
    createApiClient({ getToken: () => token }).post('/api/token/release').catch(() => undefined);
    onLocked();
  }, CHECK_EVERY_MS);
  return () => {
    window.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, handleActivity, { capture: true });
  };
}

/** The shell's idle lock, for the whole session of the page. */
export function useIdleLock(options?: IdleLockOptions): void {
  // Set up once for the page's life: the options are fixed.
  useEffect(() => startIdleLock(options), []);
}
