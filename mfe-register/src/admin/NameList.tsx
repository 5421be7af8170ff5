import { useState, type FormEvent } from 'react';
import { Button, ErrorLine, Field, TextInput } from '@kermesse/ui-kit';
import { messageOf } from './useLoad';

export interface NamedItem {
  id: number;
  name: string;
  archived?: boolean;
  note?: string;
}

/**
 * A list of named things (registers, categories): add one, rename one, and archive or delete it.
 * Used by the registers and categories sections.
 */
export function NameList({
  title,
  items,
  addLabel,
  fieldLabel,
  removeLabel,
  idPrefix,
  onAdd,
  onRename,
  onRemove,
  readOnly,
}: {
  title: string;
  items: NamedItem[];
  addLabel: string;
  fieldLabel: string;
  removeLabel: (item: NamedItem) => string | null;
  idPrefix: string;
  onAdd: (name: string) => Promise<void>;
  onRename: (item: NamedItem, name: string) => Promise<void>;
  onRemove: (item: NamedItem) => Promise<void>;
  readOnly?: (item: NamedItem) => boolean;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleAdd = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await onAdd(name);
      setName('');
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <div className="k-card bo-card">
      <h2>{title}</h2>
      <ul className="bo-names">
        {items.map((item) => (
          <NameRow
            key={item.id}
            item={item}
            removeLabel={removeLabel(item)}
            onRename={onRename}
            onRemove={onRemove}
            idPrefix={idPrefix}
            readOnly={readOnly?.(item) ?? false}
          />
        ))}
      </ul>
      <form className="k-form k-inline-form" onSubmit={handleAdd}>
        <Field label={fieldLabel} htmlFor={`${idPrefix}-new`}>
          <TextInput id={`${idPrefix}-new`} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
        </Field>
        <Button type="submit">{addLabel}</Button>
      </form>
      {error && <ErrorLine>{error}</ErrorLine>}
    </div>
  );
}

function NameRow({
  item,
  removeLabel,
  onRename,
  onRemove,
  idPrefix,
  readOnly,
}: {
  item: NamedItem;
  removeLabel: string | null;
  idPrefix: string;
  readOnly: boolean;
  onRename: (item: NamedItem, name: string) => Promise<void>;
  onRemove: (item: NamedItem) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
      setError(null);
      setEditing(false);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <li className="bo-name">
      {editing ? (
        <form
          className="k-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => onRename(item, name));
          }}
        >
          <label className="k-visually-hidden" htmlFor={`${idPrefix}-${item.id}`}>
            Nouveau nom
          </label>
          <TextInput id={`${idPrefix}-${item.id}`} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <Button type="submit">Enregistrer</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setEditing(false);
              setName(item.name);
            }}
          >
            Annuler
          </Button>
        </form>
      ) : (
        <>
          <span className="bo-name__label">
            <span>{item.name}</span>
            {item.archived && <span className="k-badge">Archivée</span>}
            {item.note && <span className="bo-muted"> · {item.note}</span>}
          </span>
          {!readOnly && (
            <span className="k-actions">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Renommer
              </Button>
              {removeLabel && (
                <Button variant="ghost" onClick={() => void run(() => onRemove(item))}>
                  {removeLabel}
                </Button>
              )}
            </span>
          )}
        </>
      )}
      {error && <ErrorLine>{error}</ErrorLine>}
    </li>
  );
}
