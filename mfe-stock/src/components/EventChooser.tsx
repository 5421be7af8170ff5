import { useId } from 'react';
import type { StockEvent } from '../api/stockApi';

/** The event whose stock is shown (hidden when there is only one). */
export function EventChooser({
  events,
  value,
  onChange,
}: {
  events: StockEvent[];
  value: number | null;
  onChange(id: number | null): void;
}) {
  const id = useId();
  if (events.length < 2) return null;
  return (
    <div className="stk-chooser k-no-print">
      <label className="k-field__label" htmlFor={id}>
        Événement
      </label>
      <select id={id} className="k-select" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {event.name}
          </option>
        ))}
      </select>
    </div>
  );
}
