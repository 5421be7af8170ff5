import { describe, expect, it } from 'vitest';
import { landingPathFor, moduleLabelFor, navigationFor } from './navigation';

const labels = (roles: Parameters<typeof navigationFor>[0]) => navigationFor(roles).map((item) => item.label);

describe('navigationFor', () => {
  it('offers a visitor only the home page and the sign-in page', () => {
    expect(labels(null)).toEqual(['Accueil', 'Connexion']);
  });

  it('gives a cashier the register and the API token screen', () => {
    expect(labels(['cashier'])).toEqual(['Accueil', 'Caisse', 'Jeton API', 'Mon compte']);
  });

  it('gives a volunteer the bingo and the gate check, a treasurer the accounting', () => {
    expect(labels(['volunteer'])).toEqual(['Accueil', 'Loto', 'Entrée', 'Mon compte']);
    expect(labels(['treasurer'])).toEqual(['Accueil', 'Tableau de bord', 'Comptabilité', 'Mon compte']);
  });

  it('gives an admin every staff link, raffle, stock and the team included, but not the sign-in link', () => {
    expect(labels(['admin'])).toEqual([
      'Accueil',
      'Caisse',
      'Jeton API',
      'Tombola',
      'Loto',
      'Entrée',
      'Tableau de bord',
      'Comptabilité',
      'Stock',
      'Gestion',
      'Équipe',
      'Messages',
      'Mon compte',
    ]);
  });

  it('adds up the links of several roles', () => {
    expect(labels(['cashier', 'volunteer'])).toEqual(['Accueil', 'Caisse', 'Jeton API', 'Loto', 'Entrée', 'Mon compte']);
  });

  it('gives the host operator the hosted associations and their account only; an admin does not see the console', () => {
    expect(labels(['host'])).toEqual(['Accueil', 'Associations hébergées', 'Mon compte']);
    expect(labels(['admin'])).not.toContain('Associations hébergées');
  });

  it('shows only the home page to a signed-in user without a known role', () => {
    expect(labels([])).toEqual(['Accueil']);
  });
});

describe('landingPathFor', () => {
  it('sends each role to its main tool after sign-in', () => {
    expect(landingPathFor(['cashier'])).toBe('/caisse');
    expect(landingPathFor(['treasurer'])).toBe('/comptabilite');
    expect(landingPathFor(['volunteer'])).toBe('/loto');
    expect(landingPathFor(['admin', 'cashier'])).toBe('/');
    expect(landingPathFor(['host'])).toBe('/hebergement');
  });
});

describe('moduleLabelFor', () => {
  it('names the module of a path', () => {
    expect(moduleLabelFor('/caisse')).toBe('Caisse');
    expect(moduleLabelFor('/comptabilite')).toBe('Comptabilité');
    expect(moduleLabelFor('/inconnu')).toBeUndefined();
  });
});
