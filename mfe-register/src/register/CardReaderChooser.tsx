import { useState } from 'react';
import { Button, classNames, ErrorLine, Modal, Spinner, useResource } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import type { CardReader } from '../api/checkoutApi';
import { cacheKeys, readCache, writeCache } from '../api/localCache';

/** The reader chosen on this device, kept in local storage (docs/spec.md §2). */
export interface ChosenReader {
  id: string;
  identifier: string;
}

export const readChosenReader = (): ChosenReader | undefined => readCache<ChosenReader>(cacheKeys.cardReader());
export const rememberReader = (reader: ChosenReader) => writeCache(cacheKeys.cardReader(), reader);

/** A reader is named by the last 4 characters of its device identifier. */
export const readerLabel = (identifier: string) => identifier.slice(-4);

/**
 * « Choix du lecteur » (docs/spec.md §2): the paired readers, each by the last 4 characters of its
 * identifier; a click selects it (highlighted) and remembers it. None → « Aucun lecteur disponible ».
 */
export function CardReaderChooser({ onChoose, onClose }: { onChoose: (reader: ChosenReader) => void; onClose: () => void }) {
  const api = useCheckoutApi();
  const listed = useResource(() => api.listCardReaders().then((list) => list.filter((reader) => reader.status === 'paired')), [api]);
  const readers = listed.data ?? null;
  const error = listed.error ? (listed.error instanceof Error ? listed.error.message : String(listed.error)) : null;
  const [chosen, setChosen] = useState<string | undefined>(() => readChosenReader()?.id);

  const handleChoose = (reader: CardReader) => {
    const choice = { id: reader.id, identifier: reader.identifier };
    setChosen(reader.id);
    rememberReader(choice);
    onChoose(choice);
  };

  return (
    <Modal
      title="Choix du lecteur"
      onClose={onClose}
      actions={
        <Button variant="ghost" onClick={onClose}>
          Annuler
        </Button>
      }
    >
      {error && <ErrorLine>{error}</ErrorLine>}
      {!error && readers === null && <Spinner label="Recherche des lecteurs…" />}
      {readers && readers.length === 0 && <p className="reg-muted">Aucun lecteur disponible</p>}
      {readers && readers.length > 0 && (
        <div className="reg-readers" role="group" aria-label="Lecteurs de carte">
          {readers.map((reader) => (
            <button
              key={reader.id}
              type="button"
              className={classNames('reg-reader', chosen === reader.id && 'reg-reader--chosen')}
              aria-pressed={chosen === reader.id}
              title={reader.name ?? reader.identifier}
              onClick={() => handleChoose(reader)}
            >
              {readerLabel(reader.identifier)}
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
