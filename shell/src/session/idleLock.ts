/**
 * A register left idle locks (shared tablets, docs/offline.md « Signing in once »): after the event's idle time
 * (`idleLockMinutes` of the register's `/api/cr/settings`, set per event in the back office,
 * `IDLE_LOCK_MINUTES` by default) without a touch, a key or a scroll while a register is in use on
 * this device — a token loaded by hand, or a cashier's session once a register was chosen here — the
 * token is released and erased with every register cache (a session's token signs its person out),
 * and the page reloads on the register's signed-out page — nothing of the last sale or buyer stays in memory.
 */
import type { Answer } from '@kermesse/contracts-common/api';
import { useEffect, useRef } from 'react';
import { createApiClient, findRegisterToken, SESSION_STORAGE_KEY, type RegisterToken } from '@kermesse/ui-kit';
import { forgetRegister, REGISTER_CACHE_PREFIX, REGISTER_TOKEN_KEY } from './signOut';

/** Default idle time before the register locks (per-event setting: see the register's settings). */
export const IDLE_LOCK_MINUTES = 30;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
const CHECK_EVERY_MS = 15_000;

/** The event and register chosen on this device (written by the register, `kermesseRegister.selection`). */
const SELECTION_KEY = `${REGISTER_CACHE_PREFIX}selection`;

export interface IdleLockOptions {
  /** A fixed idle time; without it, the register's event setting is read (30 minutes by default). */
  minutes?: number;
  /** Reads the event's idle time (default: `GET /api/cr/settings?eventId=…` with the register token). */
  loadMinutes?: (token: string, eventId: number) => Promise<number | undefined>;
  storage?: Storage;
  now?: () => number;
  /** What locking does once the token is erased (default: reload on the register's signed-out page). */
  onLocked?: () => void;
}

/** The event's idle time from the register's settings; undefined when it cannot be read. */
export async function loadEventIdleMinutes(token: string, eventId: number): Promise<number | undefined> {
  const answer = await createApiClient({ getToken: () => token }).get<Answer<'/api/cr/settings', 'get'>>(
    `/api/cr/settings?eventId=${eventId}`,
  );
  // Read defensively all the same: a register older than the setting answers without it.
  const value: unknown = answer?.data?.idleLockMinutes;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/**
 * The register's token while a register is in use here: one loaded by hand always; the session's
 * once a register was chosen on this device (an administrator reading the accounts is not locked).
 */
function registerInUse(storage: Storage): RegisterToken | null {
  const held = findRegisterToken(storage);
  if (held?.source === 'session' && storage.getItem(SELECTION_KEY) !== null) return held;
  const loaded = storage.getItem(REGISTER_TOKEN_KEY);
  return loaded ? { token: loaded, source: 'loaded' } : null;
}

function selectedEventId(storage: Storage): number | undefined {
  try {
    const value = JSON.parse(storage.getItem(SELECTION_KEY) ?? 'null') as { eventId?: unknown } | null;
    return typeof value?.eventId === 'number' ? value.eventId : undefined;
  } catch {
    return undefined;
  }
}

/** Starts watching; returns the function that stops it. */
export function startIdleLock({
  minutes,
  loadMinutes = loadEventIdleMinutes,
  storage = localStorage,
  now = Date.now,
  onLocked = () => window.location.assign('/caisse'),
}: IdleLockOptions = {}): () => void {
  let lastActivity = now();
  // The event's setting, read once per register token and event (the settings are cached 600 s anyway).
  let limit = minutes ?? IDLE_LOCK_MINUTES;
  let loadedFor: string | undefined;
  const refreshLimit = (token: string) => {
    if (minutes !== undefined) return;
    const eventId = selectedEventId(storage);
    const key = `${eventId}|${token}`;
    if (key === loadedFor) return;
    loadedFor = key;
    limit = IDLE_LOCK_MINUTES;
    if (eventId === undefined) return;
    loadMinutes(token, eventId).then(
      (value) => {
        if (loadedFor === key) limit = value ?? IDLE_LOCK_MINUTES;
      },
      // Offline or refused: the default keeps the tablet locking.
      () => undefined,
    );
  };
  const initial = registerInUse(storage);
  if (initial) refreshLimit(initial.token);
  const handleActivity = () => {
    lastActivity = now();
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, handleActivity, { capture: true, passive: true });
  const timer = window.setInterval(() => {
    const inUse = registerInUse(storage);
    if (!inUse) {
      lastActivity = now();
      return;
    }
    refreshLimit(inUse.token);
    if (now() - lastActivity < limit * 60_000) return;
    const tokens = new Set([inUse.token, storage.getItem(REGISTER_TOKEN_KEY)].filter((token): token is string => Boolean(token)));
    forgetRegister(storage);
    if (inUse.source === 'session') storage.removeItem(SESSION_STORAGE_KEY);
    for (const token of tokens) {
      createApiClient({ getToken: () => token })
        .post('/api/token/release')
        .catch(() => undefined);
    }
    onLocked();
  }, CHECK_EVERY_MS);
  return () => {
    window.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, handleActivity, { capture: true });
  };
}

/** The shell's idle lock, for the whole session of the page. */
export function useIdleLock(options?: IdleLockOptions): void {
  // Set up once for the page's life: the options are fixed (the shell passes none; tests pass constants).
  const fixed = useRef(options);
  useEffect(() => startIdleLock(fixed.current), []);
}
