/**
 * « Imprimantes »: the stall's printers for this register on this device (docs/printing.md §2) —
 * name, connection, address, paper width, language; which printer prints the receipts and carries
 * the drawer; which printer each category's kitchen tickets go to; the print relay's address and token.
 */
import { useId, useState } from 'react';
import { Button, ErrorLine, Field, newIdempotencyKey, TextInput } from '@kermesse/ui-kit';
import type { ProductCategory } from '../cart/types';
import {
  browserSupports,
  connectBrowserPrinter,
  CONNECTION_LABELS,
  isBrowserPrinterConnected,
  type Printer,
  type PrinterConnection,
  type PrinterSettings,
  RELAY_UNREACHABLE,
  savePrinterSettings,
} from '@kermesse/ui-kit/printing';

const CONNECTIONS = Object.keys(CONNECTION_LABELS) as PrinterConnection[];

/** Checks the relay's address and token (`GET /etat`). */
async function testRelay(settings: PrinterSettings): Promise<string> {
  const base = settings.relayUrl.replace(/\/+$/, '');
  try {
    const answer = await fetch(`${base}/etat`, { headers: { Authorization: `Bearer ${settings.relayToken}` } });
    if (answer.ok) return 'Relais d’impression joignable, jeton accepté.';
    const body = (await answer.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Le relais d’impression a répondu ${answer.status}.`);
  } catch (error) {
    if (error instanceof TypeError) throw new Error(RELAY_UNREACHABLE(base), { cause: error });
    throw error;
  }
}

function PrinterFields({ printer, onChange, onRemove }: { printer: Printer; onChange: (printer: Printer) => void; onRemove: () => void }) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [connected, setConnected] = useState(() => isBrowserPrinterConnected(printer.id));
  const change = (patch: Partial<Printer>) => onChange({ ...printer, ...patch });

  const handleConnect = async () => {
    setMessage(null);
    try {
      const ok = await connectBrowserPrinter(printer);
      setConnected(ok);
      if (!ok) setMessage('Aucune imprimante choisie.');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <fieldset className="prt-printer">
      <legend>{printer.name || 'Nouvelle imprimante'}</legend>
      <div className="k-form">
        <Field label="Nom" htmlFor={`${id}-name`}>
          <TextInput
            id={`${id}-name`}
            value={printer.name}
            maxLength={60}
            required
            onChange={(event) => change({ name: event.target.value })}
          />
        </Field>
        <Field label="Connexion" htmlFor={`${id}-connection`}>
          <select
            id={`${id}-connection`}
            className="k-select"
            value={printer.connection}
            onChange={(event) => change({ connection: event.target.value as PrinterConnection })}
          >
            {CONNECTIONS.map((connection) => (
              <option key={connection} value={connection}>
                {CONNECTION_LABELS[connection]}
              </option>
            ))}
          </select>
        </Field>
        {printer.connection === 'reseau' && (
          <Field label="Adresse (port 9100)" htmlFor={`${id}-address`}>
            <TextInput
              id={`${id}-address`}
              value={printer.address}
              placeholder="192.168.1.50"
              inputMode="url"
              autoComplete="off"
              onChange={(event) => change({ address: event.target.value })}
            />
          </Field>
        )}
        <Field label="Largeur du papier" htmlFor={`${id}-width`}>
          <select
            id={`${id}-width`}
            className="k-select"
            value={printer.widthMm}
            onChange={(event) => change({ widthMm: Number(event.target.value) === 58 ? 58 : 80 })}
          >
            <option value={80}>80 mm (48 caractères)</option>
            <option value={58}>58 mm (32 caractères)</option>
          </select>
        </Field>
        <Field label="Langage" htmlFor={`${id}-language`}>
          <select
            id={`${id}-language`}
            className="k-select"
            value={printer.language}
            onChange={(event) => change({ language: event.target.value === 'star-prnt' ? 'star-prnt' : 'esc-pos' })}
          >
            <option value="esc-pos">ESC/POS (Epson et la plupart)</option>
            <option value="star-prnt">StarPRNT (Star)</option>
          </select>
        </Field>
      </div>
      {printer.connection !== 'reseau' && !browserSupports(printer.connection) && (
        <p className="reg-muted">Ce navigateur ne sait pas joindre cette imprimante : utilisez Chrome ou Edge sur un ordinateur.</p>
      )}
      {message && <ErrorLine>{message}</ErrorLine>}
      <div className="prt-printer__actions">
        {printer.connection !== 'reseau' && browserSupports(printer.connection) && (
          <Button variant="secondary" onClick={() => void handleConnect()}>
            {connected ? 'Connectée : reconnecter' : 'Connecter'}
          </Button>
        )}
        <Button variant="ghost" onClick={onRemove} aria-label={`Supprimer l’imprimante ${printer.name}`}>
          Supprimer
        </Button>
      </div>
    </fieldset>
  );
}

export function PrinterSettingsForm({
  checkoutId,
  initial,
  categories,
  onSaved,
  onCancel,
}: {
  checkoutId: number;
  initial: PrinterSettings;
  categories: readonly ProductCategory[];
  onSaved: (settings: PrinterSettings) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [settings, setSettings] = useState<PrinterSettings>(initial);
  const [error, setError] = useState<string | null>(null);
  const [relayStatus, setRelayStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const named = settings.printers.filter((printer) => printer.name.trim());

  const update = (patch: Partial<PrinterSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const handleAdd = () =>
    update({
      printers: [
        ...settings.printers,
        { id: newIdempotencyKey(), name: '', connection: 'reseau', address: '', widthMm: 80, language: 'esc-pos' },
      ],
    });
  const handleRemove = (printerId: string) =>
    update({
      printers: settings.printers.filter((printer) => printer.id !== printerId),
      kitchen: Object.fromEntries(Object.entries(settings.kitchen).filter(([, chosen]) => chosen !== printerId)),
      receiptPrinterId: settings.receiptPrinterId === printerId ? null : settings.receiptPrinterId,
    });

  const handleTest = async () => {
    setRelayStatus(null);
    try {
      setRelayStatus({ ok: true, text: await testRelay(settings) });
    } catch (caught) {
      setRelayStatus({ ok: false, text: caught instanceof Error ? caught.message : String(caught) });
    }
  };

  const handleSave = () => {
    const unnamed = settings.printers.find((printer) => !printer.name.trim());
    if (unnamed) return setError('Chaque imprimante a besoin d’un nom.');
    const noAddress = settings.printers.find((printer) => printer.connection === 'reseau' && !printer.address.trim());
    if (noAddress) return setError(`Indiquez l’adresse réseau de l’imprimante « ${noAddress.name} ».`);
    try {
      savePrinterSettings(checkoutId, settings);
    } catch {
      return setError('Impossible d’enregistrer les réglages sur cet appareil (stockage du navigateur indisponible).');
    }
    onSaved(settings);
  };

  return (
    <div className="prt-settings">
      <section aria-labelledby={`${id}-printers`}>
        <h3 id={`${id}-printers`}>Imprimantes de cette caisse</h3>
        {settings.printers.length === 0 && (
          <p className="reg-muted">Aucune imprimante : les reçus passent par la fenêtre d’impression du navigateur.</p>
        )}
        {settings.printers.map((printer) => (
          <PrinterFields
            key={printer.id}
            printer={printer}
            onChange={(changed) =>
              update({ printers: settings.printers.map((candidate) => (candidate.id === changed.id ? changed : candidate)) })
            }
            onRemove={() => handleRemove(printer.id)}
          />
        ))}
        <Button variant="secondary" onClick={handleAdd}>
          Ajouter une imprimante
        </Button>
      </section>

      {named.length > 0 && (
        <section aria-labelledby={`${id}-roles`}>
          <h3 id={`${id}-roles`}>Reçus, tiroir et tickets de préparation</h3>
          <div className="k-form">
            <Field label="Imprimante des reçus et du rapport Z" htmlFor={`${id}-receipt`}>
              <select
                id={`${id}-receipt`}
                className="k-select"
                value={settings.receiptPrinterId ?? ''}
                onChange={(event) => update({ receiptPrinterId: event.target.value || null })}
              >
                <option value="">Fenêtre d’impression du navigateur</option>
                {named.map((printer) => (
                  <option key={printer.id} value={printer.id}>
                    {printer.name}
                  </option>
                ))}
              </select>
            </Field>
            <label className="k-check">
              <input
                type="checkbox"
                checked={settings.drawer}
                disabled={!settings.receiptPrinterId}
                onChange={(event) => update({ drawer: event.target.checked })}
              />
              Tiroir-caisse branché sur l’imprimante des reçus
            </label>
            {categories.map((category) => (
              <Field key={category.id} label={`Tickets « ${category.name} »`} htmlFor={`${id}-cat-${category.id}`}>
                <select
                  id={`${id}-cat-${category.id}`}
                  className="k-select"
                  value={settings.kitchen[String(category.id)] ?? ''}
                  onChange={(event) => {
                    const kitchen = { ...settings.kitchen };
                    if (event.target.value) kitchen[String(category.id)] = event.target.value;
                    else delete kitchen[String(category.id)];
                    update({ kitchen });
                  }}
                >
                  <option value="">Pas de ticket</option>
                  {named.map((printer) => (
                    <option key={printer.id} value={printer.id}>
                      {printer.name}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          </div>
        </section>
      )}

      {settings.printers.some((printer) => printer.connection === 'reseau') && (
        <section aria-labelledby={`${id}-relay`}>
          <h3 id={`${id}-relay`}>Relais d’impression</h3>
          <p className="reg-muted">Lancé sur l’ordinateur du stand avec « npm run print-relay », qui affiche son adresse et son jeton.</p>
          <div className="k-form">
            <Field label="Adresse du relais" htmlFor={`${id}-relay-url`}>
              <TextInput
                id={`${id}-relay-url`}
                value={settings.relayUrl}
                inputMode="url"
                autoComplete="off"
                onChange={(event) => update({ relayUrl: event.target.value })}
              />
            </Field>
            <Field label="Jeton du relais" htmlFor={`${id}-relay-token`}>
              <TextInput
                id={`${id}-relay-token`}
                value={settings.relayToken}
                autoComplete="off"
                onChange={(event) => update({ relayToken: event.target.value })}
              />
            </Field>
          </div>
          <Button variant="secondary" onClick={() => void handleTest()}>
            Tester le relais
          </Button>
          {relayStatus && (relayStatus.ok ? <p role="status">{relayStatus.text}</p> : <ErrorLine>{relayStatus.text}</ErrorLine>)}
        </section>
      )}

      {error && <ErrorLine>{error}</ErrorLine>}
      <div className="prt-settings__actions">
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
        <Button onClick={handleSave}>Enregistrer</Button>
      </div>
    </div>
  );
}
