import { useId, useState, type ChangeEvent } from 'react';

/** A CSV file chooser labelled in French whatever the browser's language (the native button is hidden). */
export function FileField({ label, onChange }: { label: string; onChange(file: File | null): void }) {
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setName(file?.name ?? null);
    onChange(file);
  };
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="k-file">
        <input id={id} name="file" type="file" accept=".csv,text/csv" className="k-file__input" onChange={handleChange} />
        <span className="k-button k-button--secondary k-file__button" aria-hidden="true">
          Choisir un fichier
        </span>
        <span className={name ? 'k-file__name' : 'k-file__name k-muted'}>{name ?? 'Aucun fichier choisi'}</span>
      </div>
    </div>
  );
}
