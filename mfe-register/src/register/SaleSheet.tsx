import { useEffect, useId, useRef, type ReactNode } from 'react';
import { classNames, formatEuros } from '@kermesse/ui-kit';

export interface SaleSheetProps {
  open: boolean;
  onToggle: () => void;
  articles: number;
  totalCents: number;
  /** Buyer, cart lines, donation, receipt: shown beside the products on a wide screen, in the opened sheet on a narrow one. */
  body: ReactNode;
  /** Always on screen: tickets, notices, the payment buttons. */
  children: ReactNode;
}

/**
 * The current sale « Vente en cours ». On a wide screen (landscape tablet, computer) a column beside
 * the products; on a phone or an upright tablet a bottom sheet whose summary (articles, total) and
 * payment buttons stay on screen while the products scroll above it, and which opens on the cart.
 */
export function SaleSheet({ open, onToggle, articles, totalCents, body, children }: SaleSheetProps) {
  const bodyId = useId();
  const ref = useRef<HTMLElement>(null);

  // The products keep a margin as tall as the sheet, so the last row is never hidden under it.
  useEffect(() => {
    const sheet = ref.current;
    const screen = sheet?.parentElement;
    if (!sheet || !screen || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!sheet.classList.contains('reg-side--open')) screen.style.setProperty('--reg-sheet-height', `${sheet.offsetHeight}px`);
    });
    observer.observe(sheet);
    return () => observer.disconnect();
  }, []);

  const total = formatEuros({ cents: totalCents });
  const count = articles > 0 ? `${articles} article${articles > 1 ? 's' : ''}` : 'vide';
  // The label holds the words shown (« Panier 2 articles 4,00 € »), so voice control finds the button by them.
  const summary = `${count} ${total}`;
  return (
    <>
      {open && <div className="reg-sheet__backdrop" aria-hidden="true" onClick={onToggle} />}
      <aside ref={ref} className={classNames('reg-side', open && 'reg-side--open')} aria-label="Vente en cours">
        <button
          type="button"
          className="reg-sheet__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? `Réduire le panier : ${summary}` : `Ouvrir le panier : ${summary}`}
          onClick={onToggle}
        >
          <span className="reg-sheet__grip" aria-hidden="true" />
          <span className="reg-sheet__title">
            Panier <span className="reg-sheet__count">{count}</span>
          </span>{' '}
          {/* The space keeps « 1 article » and the total two words for assistive tools, as the label says them. */}
          <strong className="reg-sheet__total" data-testid="sheet-total">
            {total}
          </strong>
          <span className="reg-sheet__chevron" aria-hidden="true">
            {open ? '▾' : '▴'}
          </span>
        </button>
        <div className="reg-side__body" id={bodyId}>
          {body}
        </div>
        {children}
      </aside>
    </>
  );
}
