/**
 * Printing a receipt or an order slip: the HTML goes into a new window that prints itself.
 * A blocked pop-up gets the spec's message; empty content is only logged (docs/spec.md §8).
 */

export const POPUP_BLOCKED_MESSAGE = 'Veuillez autoriser les pop-ups pour pouvoir imprimer.';

/** Opens `html` in a new window and prints it. Returns the message to show, or null. */
export function printHtml(html: string, openWindow: typeof window.open = (...args) => window.open(...args)): string | null {
  if (!html.trim()) {
    console.warn('Impression : contenu vide');
    return null;
  }
  const printWindow = openWindow('', '_blank', 'width=420,height=640');
  if (!printWindow) return POPUP_BLOCKED_MESSAGE;
  printWindow.document.open();
  printWindow.document.write(html);
  printWindow.document.close();
  const print = () => {
    printWindow.focus();
    printWindow.print();
  };
  // Images (a logo) must be loaded before printing.
  if (printWindow.document.readyState === 'complete') print();
  else printWindow.addEventListener('load', print, { once: true });
  return null;
}
