/**
 * What the register (mfe-register) asks first when it opens on a device that already chose its
 * register (`kermesseRegister.selection`, written by mfe-register/src/entry/selection.ts): the events,
 * the event's registers, its settings, the register's catalogue and till session, and the count of
 * sales waiting. Written here, in the shell's early script, because that script must run before any
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
  return [
    `/api/cr/checkouts/${checkoutId}/session`,
    `/api/cr/checkouts/${checkoutId}`,
    `/api/cr/settings?eventId=${eventId}`,
    '/api/cr/events',
    `/api/cr/events/${eventId}/checkouts`,
    `/api/cr/sale/list/${eventId}/pending/total`,
  ];
}
