import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  title: ReactNode;
  /** Called on Escape; the caller decides what closing means. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons and links at the bottom of the dialog. */
  actions?: ReactNode;
}

/** A modal dialog over the page: focused when it opens, closed with Escape, focus given back after. */
export function Modal({ title, onClose, children, actions }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const handleEscape = useEffectEvent(() => onClose());

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') handleEscape();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      previouslyFocused?.focus();
    };
  }, []);

  return createPortal(
    <div className="k-modal__backdrop">
      <div className="k-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={dialogRef}>
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
