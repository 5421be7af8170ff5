import { describe, expect, it } from 'vitest';
import { checkTiers } from './tierRules.ts';

describe('ticket price tiers (docs/spec.md §3)', () => {
  it('reads euros as typed and keeps the order', () => {
    expect(
      checkTiers([
        { nb: 1, p: 2 },
        { nb: 10, p: '15,00' },
      ]),
    ).toEqual({
      ok: true,
      tiers: [
        { nb: 1, priceCents: 200 },
        { nb: 10, priceCents: 1500 },
      ],
    });
  });
  it('names the line of the first fault, as a person counts', () => {
    expect(
      checkTiers([
        { nb: 1, p: 2 },
        { nb: 0, p: 3 },
      ]),
    ).toEqual({ ok: false, message: 'Ligne 2 : le nombre de tickets doit être un nombre entier entre 1 et 100 000.' });
    expect(checkTiers([{ nb: 1, p: -1 }])).toEqual({
      ok: false,
      message: 'Ligne 1 : le prix doit être un montant positif en euros (deux décimales au plus).',
    });
    expect(
      checkTiers([
        { nb: 1, p: 2 },
        { nb: 1, p: 3 },
      ]),
    ).toMatchObject({ ok: false, message: expect.stringContaining('la ligne 1 a déjà 1 ticket :') });
    expect(
      checkTiers([
        { nb: 1, p: 2 },
        { nb: 2, p: 2 },
      ]),
    ).toEqual({ ok: false, message: "Ligne 2 : la ligne 1 a déjà le prix 2,00\u00a0€ : chaque prix n'apparaît qu'une fois." });
  });
});
