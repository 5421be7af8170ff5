/**
 * What the register (mfe-register) asks first when it opens on a device that already chose its
 * register (`kermesseRegister.selection`, written by mfe-register/src/entry/selection.ts) and needs
 * before its sales screen can show: the till session, the catalogue and the event's settings — only
 * those, as a phone has six connections and the page's scripts are still coming. Written here, in the shell's early script, because that script must run before any
 * of the register's code has arrived; a path the register stops asking is harmless (never taken).
 */
export const REGISTER_SELECTION_KEY = 'kermesseRegister.selection';

/** A register's first GET: its path, and whether its answer may serve every reader (`EarlyRequest.shared`). */
export interface RegisterStartupRequest {
  path: string;
  shared: boolean;
}

export function registerStartupRequests(pathname: string, storage: Pick<Storage, 'getItem'>): RegisterStartupRequest[] {
  if (pathname !== '/caisse' && pathname !== '/caisse/') return [];
  let selection: { eventId?: unknown; checkout?: { id?: unknown } } | null;
  try {
    selection = JSON.parse(storage.getItem(REGISTER_SELECTION_KEY) ?? 'null') as typeof selection;
  } catch {
    return [];
  }
  const eventId = selection?.eventId;
  const checkoutId = selection?.checkout?.id;
  if (!Number.isSafeInteger(eventId) || !Number.isSafeInteger(checkoutId)) return [];
  return [
    { path: `/api/cr/checkouts/${checkoutId}/session`, shared: false },
    { path: `/api/cr/checkouts/${checkoutId}`, shared: false },
    // The shell's idle lock reads the event's settings too (its idle time).
    { path: `/api/cr/settings?eventId=${eventId}`, shared: true },
  ];
}
