/** A loading indicator that screen readers announce. */
export function Spinner({ label = 'Chargement en cours...' }: { label?: string }) {
  return (
    <div className="k-spinner" role="status">
      <span className="k-spinner__circle" aria-hidden="true" />
      <span className="k-visually-hidden">{label}</span>
    </div>
  );
}
