/** A gift drawn in SVG: the picture of a prize that has no illustration (no emoji font is assumed). */
export function GiftIcon() {
  return (
    <svg className="rf-gift" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="6" y="18" width="36" height="10" rx="2" fill="currentColor" opacity="0.9" />
      <rect x="9" y="28" width="30" height="15" rx="2" fill="currentColor" opacity="0.65" />
      <rect x="21" y="18" width="6" height="25" fill="var(--k-surface)" opacity="0.85" />
      <path
        d="M24 18c-3-7-12-9-12-3 0 3 6 3 12 3zm0 0c3-7 12-9 12-3 0 3-6 3-12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
