/**
 * « Contrôle à l'entrée » (`/tombola/entree`, volunteers; docs/gate.md): a volunteer's phone checks
 * the pre-sold tickets' QR codes — typed by a keyboard-wedge scanner into « Code du billet », read by
 * the camera, or typed — online, or offline with the list it loaded beforehand.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  CameraScanner,
  cameraScanAvailable,
  ErrorLine,
  Field,
  RequireRole,
  Spinner,
  TextInput,
  useResource,
  useSession,
} from '@kermesse/ui-kit';
import { gateApi } from '../api/raffleApi';
import { gateStore } from './gateStore';
import { useGate } from './useGate';
import { counted, frenchTime, type Verdict } from './verdict';

export function GatePage() {
  return (
    <RequireRole
      roles={['volunteer', 'admin']}
      title="Contrôle à l'entrée"
      denied="Le contrôle des billets est réservé aux bénévoles."
      signIn="Connectez-vous avec un compte bénévole pour contrôler les billets à l'entrée."
      className="k-notice"
    >
      <GateCheck />
    </RequireRole>
  );
}

function GateCheck() {
  const { user } = useSession();
  const me = user?.email ?? '';
  const events = useResource(() => gateApi.listEvents().then((answer) => answer.items), []);
  const [eventId, setEventId] = useState<number | undefined>(() => gateStore.eventId());
  const [device, setDevice] = useState(() => gateStore.device() ?? `Téléphone de ${me.split('@')[0] || 'bénévole'}`);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Offline, the event list cannot load: the event kept from last time still works.
  const chosen = eventId ?? events.data?.[0]?.id;
  const gate = useGate(chosen, device.trim(), me);

  useEffect(() => {
    if (chosen !== undefined) gateStore.saveEventId(chosen);
  }, [chosen]);

  const submit = async (value: string) => {
    if (!value.trim() || !device.trim()) return;
    setCode('');
    await gate.check(value);
    input.current?.focus();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  const list = gate.list;
  const used = list?.passes.filter((p) => p.usedAt).length ?? 0;
  return (
    <section className="k-card rf-gate" aria-labelledby="rf-gate-title">
      <h1 id="rf-gate-title">Contrôle à l'entrée</h1>
      <div className="k-form">
        {events.data && events.data.length > 0 ? (
          <Field label="Événement" htmlFor="rf-gate-event">
            <select id="rf-gate-event" className="k-input" value={chosen} onChange={(e) => setEventId(Number(e.target.value))}>
              {events.data.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          list && <p>Événement : {list.event.name}</p>
        )}
        <Field label="Nom de ce téléphone" htmlFor="rf-gate-device">
          <TextInput
            id="rf-gate-device"
            value={device}
            maxLength={60}
            onChange={(e) => setDevice(e.target.value)}
            onBlur={() => device.trim() && gateStore.saveDevice(device.trim())}
          />
        </Field>
      </div>

      {events.loading && !list && <Spinner label="Chargement des événements…" />}
      {Boolean(events.error) && !list && (
        <ErrorLine>Impossible de charger les événements : vérifiez le réseau, puis rechargez la page.</ErrorLine>
      )}
      {list && (
        <p className="k-muted rf-gate__list">
          Liste chargée à {frenchTime(list.readAt)} : {counted(list.passes.length, 'billet', 'billets')}, {counted(used, 'entré', 'entrés')}
          .{' '}
          <Button variant="ghost" onClick={() => void gate.loadList()} disabled={gate.loading}>
            Recharger la liste
          </Button>
        </p>
      )}
      {gate.listError && <p className="k-muted">{gate.listError}</p>}
      {gate.waiting > 0 && (
        <p className="k-badge k-badge--warn rf-gate__waiting">
          {counted(gate.waiting, 'contrôle hors ligne', 'contrôles hors ligne')} en attente d'envoi.{' '}
          <Button variant="ghost" onClick={() => void gate.sync()}>
            Envoyer
          </Button>
        </p>
      )}
      {gate.syncNotice && (
        <p className="k-notice rf-gate__sync" role="status">
          {gate.syncNotice}
        </p>
      )}

      {list ? (
        <form className="rf-gate__scan" onSubmit={handleSubmit} noValidate aria-label="Contrôler un billet">
          <Field label="Code du billet" htmlFor="rf-gate-code">
            <input
              className="k-input"
              type="text"
              id="rf-gate-code"
              ref={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
              placeholder="Scannez le QR code du billet"
            />
          </Field>
          <div className="rf-gate__buttons">
            <Button type="submit" disabled={gate.checking || !code.trim() || !device.trim()}>
              Contrôler
            </Button>
            {cameraScanAvailable() && (
              <Button variant="secondary" onClick={() => setCamera(true)}>
                Scanner avec la caméra
              </Button>
            )}
          </div>
          {!device.trim() && <ErrorLine>Donnez un nom à ce téléphone : il est noté à chaque entrée.</ErrorLine>}
        </form>
      ) : (
        !gate.loading &&
        chosen !== undefined && <ErrorLine>La liste des billets n'est pas chargée : il faut le réseau une première fois.</ErrorLine>
      )}

      {gate.verdict && <VerdictCard verdict={gate.verdict} />}
      {camera && (
        <CameraScanner
          title="Scanner un billet"
          formats={['qr_code']}
          onCode={(value) => {
            setCamera(false);
            void submit(value);
          }}
          onClose={() => setCamera(false)}
        />
      )}
    </section>
  );
}

const people = (n: number) => (n > 1 ? `${n} personnes` : '1 personne');

/** The answer in large type, its colour saying it before the words. */
export function VerdictCard({ verdict }: { verdict: Verdict }) {
  const pass = verdict.pass;
  const who = pass ? [pass.holder, pass.label, people(pass.quantity)].filter(Boolean).join(' — ') : null;
  const content = {
    valid: { title: 'Entrée valide', detail: who },
    used: {
      title: verdict.firstUse
        ? `Déjà utilisé à ${frenchTime(verdict.firstUse.at)} par ${verdict.firstUse.device}${verdict.firstUse.by ? ` (${verdict.firstUse.by})` : ''}`
        : 'Déjà utilisé',
      detail: who,
    },
    'wrong-event': { title: "Billet d'un autre événement", detail: who ?? "Ce billet n'est pas valable pour l'événement contrôlé." },
    unknown: {
      title: 'Billet inconnu',
      detail: "Ce code n'est pas un billet signé par l'association (faux, abîmé ou d'un autre organisateur).",
    },
  }[verdict.outcome];
  return (
    <div className={`rf-gate-verdict rf-gate-verdict--${verdict.outcome}`} role="status" aria-live="assertive">
      <strong className="rf-gate-verdict__title">{content.title}</strong>
      {content.detail && <span>{content.detail}</span>}
      {verdict.offline && verdict.outcome === 'valid' && (
        <span className="rf-gate-verdict__note">Contrôlé hors ligne : envoyé au retour du réseau.</span>
      )}
    </div>
  );
}
