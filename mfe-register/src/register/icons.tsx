/** The few icons of the register, drawn inline (no icon font to download). */

/** Click-and-collect eligible product (docs/spec.md §2: a timer icon). */
export function TimerIcon({ label = 'Click & collect' }: { label?: string }) {
  return (
    <svg className="reg-icon" viewBox="0 0 24 24" width="20" height="20" role="img" aria-label={label}>
      <title>{label}</title>
      <path d="M9 2h6v2H9z" fill="currentColor" />
      <circle cx="12" cy="14" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 14V9.5M12 14l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A 20 px line icon drawn in the text's colour, beside a label that names it. */
function StrokeIcon({ d }: { d: string }) {
  return (
    <svg className="reg-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function RefreshIcon() {
  return <StrokeIcon d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />;
}

/** Sales on hold: a basket (beside « Paniers en attente », or in its place on a phone). */
export function BasketIcon() {
  return <StrokeIcon d="M3 9h18l-2 11H5zM8 9l4-6 4 6M9 13v4M15 13v4" />;
}

export function TrashIcon() {
  return <StrokeIcon d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />;
}

export function CheckIcon() {
  return (
    <svg className="reg-icon reg-icon--large" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.15" />
      <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A keyboard shortcut shown on a button. */
export function Kbd({ children }: { children: string }) {
  return (
    <kbd className="reg-kbd" aria-hidden="true">
      {children}
    </kbd>
  );
}

export function PrinterIcon() {
  return <StrokeIcon d="M7 9V3h10v6M7 17H4v-7h16v7h-3M7 14h10v7H7z" />;
}
