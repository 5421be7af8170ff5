/**
 * Products' barcodes (docs/gate.md §5): an EAN-13, an EAN-8 or a UPC-A (12 digits), whose last digit
 * is the GS1 check digit. The back office refuses any other code, so a code scanned at the register
 * finds its product or nothing. The browser applies the same rule to a code a scanner typed.
 */

/** The code as kept: digits only (spaces and dashes people type between groups dropped). */
export const cleanEan = (raw: string): string => raw.replace(/[\s-]+/g, '');

/** Whether `code` (digits) is an EAN-8, UPC-A or EAN-13 with its check digit right. */
export function isValidEan(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  // GS1: from the right (check digit excluded), weights 3, 1, 3, 1…
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
