import { useId } from 'react';

/** The financial year a report shows (docs/spec.md §9: 1 January to 31 December). */
export function YearPicker({ years, value, onChange }: { years: number[]; value: number; onChange: (year: number) => void }) {
  const id = useId();
  const choices = [...new Set([...years, value])].sort((a, b) => b - a);
  return (
    <div className="k-field acc-year k-no-print">
      <label className="k-field__label" htmlFor={id}>
        Exercice
      </label>
      <select id={id} className="k-select" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
