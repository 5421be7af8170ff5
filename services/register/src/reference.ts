import { randomBytes } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A sale reference: 10 random characters (50 bits) shown as `ABCDE-FGHJK`. Short enough to read
 * over a counter, and hard enough to guess that the public receipt page `/s/{reference}` reveals
 * nothing to someone trying references at random.
 */
export function newSaleReference(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (let i = 0; i < 10; i += 1) {
    out += ALPHABET[bytes[i]! & 31];
    if (i === 4) out += '-';
  }
  return out;
}

/** Accepts a reference typed in lower case, without its dash or with Crockford's look-alikes. */
export function normalizeReference(raw: string): string | undefined {
  const compact = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(compact)) return undefined;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}
