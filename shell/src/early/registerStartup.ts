/**
 * What the register (mfe-register) asks first when it opens on a device that already chose its
 * register (`kermesseRegister.selection`, written by mfe-register/src/entry/selection.ts) and needs
 * before its sales screen can show: the till session, the catalogue and the event's settings — only
 * those, as a phone has six connections and the page's scripts are still coming. Written here, in the shell's early script, because that script must run before any
 * of the register's code has arrived; a path the register stops asking is harmless (never taken).
 */
export const REGISTER_SELECTION_KEY = 'kermesseRegister.selection';

export function registerStartupPaths(pathname: string, storage: Pick<Storage, 'getItem'>): string[] {
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
  return [`/api/cr/checkouts/${checkoutId}/session`, `/api/cr/checkouts/${checkoutId}`, `/api/cr/settings?eventId=${eventId}`];
}
