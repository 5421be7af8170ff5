import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  title: ReactNode;
  /** Called on Escape; the caller decides what closing means. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons and links at the bottom of the dialog. */
  actions?: ReactNode;
  /** `wide` for dialogs holding a grid or a table. */
  size?: 'normal' | 'wide';
}

/**
 * A modal dialog over the page: focused when it opens, closed with Escape, Tab kept inside it,
 * focus given back after.
 */
export function Modal({ title, onClose, children, actions, size = 'normal' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const handleEscape = useEffectEvent(() => onClose());

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      // Only the dialog on top answers the keyboard.
      if (!dialog || [...document.querySelectorAll('[aria-modal="true"]')].at(-1) !== dialog) return;
      if (event.key === 'Escape') handleEscape();
      if (event.key === 'Tab') keepFocusInside(dialog, event);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      previouslyFocused?.focus();
    };
  }, []);

  return createPortal(
    <div className="k-modal__backdrop">
      <div
        className={size === 'wide' ? 'k-modal k-modal--wide' : 'k-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialogRef}
      >
        <h2 className="k-modal__title" id={titleId}>
          {title}
        </h2>
        <div className="k-modal__body">{children}</div>
        {actions && <div className="k-modal__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first one, Shift+Tab from the first to the last. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (!dialog.contains(active) || (event.shiftKey && (active === first || active === dialog)) || (!event.shiftKey && active === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
