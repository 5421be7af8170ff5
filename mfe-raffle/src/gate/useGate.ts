/**
 * The gate check's state (docs/gate.md §3–4): the list kept on the phone, a scan checked online (the
 * service marks the pass used once) or offline (the kept list decides, the scan waits), and the
 * waiting scans sent when the network is back — a ticket another phone let in first is then reported.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@kermesse/ui-kit';
import { parseGateCode } from '@kermesse/contracts-raffle/gateCode';
import { gateApi, type GateList, type GateScanInput } from '../api/raffleApi';
import { gateStore, newScanId } from './gateStore';
import { counted, decideOffline, frenchTime, readOnPhone, withUse, type Verdict } from './verdict';

/** No answer at all, or the gateway's 503: the phone decides on its own. */
const unreachable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504);

export interface GateState {
  list: GateList | undefined;
  loading: boolean;
  /** Why the list could not be loaded, in French. */
  listError: string | null;
  /** Scans waiting to be sent. */
  waiting: number;
  verdict: (Verdict & { code: string }) | null;
  checking: boolean;
  /** What the last sync found (doubles), in French. */
  syncNotice: string | null;
  loadList: () => Promise<void>;
  check: (code: string) => Promise<void>;
  sync: () => Promise<void>;
}

export function useGate(eventId: number | undefined, device: string, me: string): GateState {
  const [list, setList] = useState<GateList | undefined>(() => (eventId ? gateStore.list(eventId) : undefined));
  const [loading, setLoading] = useState(false);
  const [listError, setListError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(() => (eventId ? gateStore.queue(eventId).length : 0));
  const [verdict, setVerdict] = useState<GateState['verdict']>(null);
  const [checking, setChecking] = useState(false);
  const [syncNotice, setSyncNotice] = useState<string | null>(null);
  const syncing = useRef(false);

  const keep = useCallback((next: GateList) => {
    gateStore.saveList(next);
    setList(next);
  }, []);

  const loadList = useCallback(async () => {
    if (!eventId) return;
    setLoading(true);
    setListError(null);
    try {
      const loaded = await gateApi.loadList(eventId);
      // Uses this phone made offline and not sent yet stay in its list.
      let merged = loaded;
      for (const scan of gateStore.queue(eventId)) {
        const pass = merged.passes.find((p) => p.id === parseGateCode(scan.code)?.payload.p);
        if (pass && !pass.usedAt)
          merged = withUse(merged, {
            outcome: 'valid',
            pass: { ...pass, usedAt: scan.scannedAt ?? loaded.readAt, usedDevice: scan.device, usedBy: me },
            firstUse: null,
            offline: true,
          });
      }
      keep(merged);
    } catch (err) {
      setListError(unreachable(err) ? 'Pas de réseau : la liste gardée sur ce téléphone sert au contrôle.' : (err as Error).message);
    } finally {
      setLoading(false);
    }
  }, [eventId, me, keep]);

  const sync = useCallback(async () => {
    if (!eventId || syncing.current) return;
    const queued = gateStore.queue(eventId);
    if (!queued.length) return;
    syncing.current = true;
    try {
      const { results } = await gateApi.sync({ eventId, scans: queued });
      const doubles = results.filter((r) => r.outcome === 'used' && r.firstUse && r.firstUse.device !== device);
      setSyncNotice(
        `${counted(queued.length, 'contrôle hors ligne envoyé', 'contrôles hors ligne envoyés')}.` +
          (doubles.length
            ? ` Double entrée : ${doubles
                .map((r) => `${r.pass?.holder ?? 'billet'} était déjà entré à ${frenchTime(r.firstUse!.at)} par ${r.firstUse!.device}`)
                .join(' ; ')}.`
            : ''),
      );
      // The answer still shown may be one the sync just contradicted: the notice says what happened.
      setVerdict((shown) => (shown && doubles.some((d) => d.pass?.id === shown.pass?.id) ? null : shown));
      const left = gateStore.queue(eventId).filter((scan) => !results.some((r) => r.scanId === scan.scanId));
      gateStore.saveQueue(eventId, left);
      setWaiting(left.length);
      await loadList();
    } catch (err) {
      if (!unreachable(err)) setSyncNotice((err as Error).message);
    } finally {
      syncing.current = false;
    }
  }, [eventId, device, loadList]);

  const check = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!eventId || !list || !code) return;
      setChecking(true);
      try {
        const scan: GateScanInput = { scanId: newScanId(), code, scannedAt: new Date().toISOString(), device };
        const read = await readOnPhone(list, code);
        if (!('passId' in read)) return setVerdict({ ...read, code });
        try {
          const answer = await gateApi.check({ ...scan, eventId });
          const online: Verdict = { outcome: answer.outcome, pass: answer.pass, firstUse: answer.firstUse, offline: false };
          keep(withUse(list, online));
          setVerdict({ ...online, code });
          void sync();
        } catch (err) {
          if (!unreachable(err)) {
            setVerdict(null);
            setSyncNotice((err as Error).message);
            return;
          }
          const offline = decideOffline(list, read.passId, scan, me);
          if (offline.outcome === 'valid') {
            const queued = [...gateStore.queue(eventId), scan];
            gateStore.saveQueue(eventId, queued);
            setWaiting(queued.length);
            keep(withUse(list, offline));
          }
          setVerdict({ ...offline, code });
        }
      } finally {
        setChecking(false);
      }
    },
    [eventId, list, device, me, keep, sync],
  );

  // Another event chosen: its kept list and queue; then a fresh list when the network allows.
  useEffect(() => {
    setList(eventId ? gateStore.list(eventId) : undefined);
    setWaiting(eventId ? gateStore.queue(eventId).length : 0);
    setVerdict(null);
    void loadList().then(() => sync());
  }, [eventId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per event, not per render of the callbacks

  useEffect(() => {
    const handleOnline = () => void sync();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [sync]);

  return { list, loading, listError, waiting, verdict, checking, syncNotice, loadList, check, sync };
}
