/**
 * What a gate phone keeps in its storage (docs/gate.md §4): the list loaded beforehand (the
 * association's public key and the event's passes), the scans made offline until they are sent,
 * the phone's name and the event chosen. Small enough for localStorage, which survives a reload.
 */
import type { GateList, GateScanInput } from '../api/raffleApi';

const PREFIX = 'kermesse-controle';

function read<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(`${PREFIX}:${key}`);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(`${PREFIX}:${key}`);
    else localStorage.setItem(`${PREFIX}:${key}`, JSON.stringify(value));
  } catch {
    // A full or refused storage: the screen still checks online.
  }
}

export const gateStore = {
  list: (eventId: number) => read<GateList>(`liste:${eventId}`),
  saveList: (list: GateList) => write(`liste:${list.event.id}`, list),
  /** Scans made offline, oldest first, until the service has them. */
  queue: (eventId: number) => read<GateScanInput[]>(`attente:${eventId}`) ?? [],
  saveQueue: (eventId: number, scans: GateScanInput[]) => write(`attente:${eventId}`, scans.length ? scans : undefined),
  device: () => read<string>('appareil'),
  saveDevice: (name: string) => write('appareil', name),
  eventId: () => read<number>('evenement'),
  saveEventId: (eventId: number) => write('evenement', eventId),
};

/** A random UUID, also on a page served over plain http where `crypto.randomUUID` is missing. */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
