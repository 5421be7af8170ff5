import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { Member, MemberList } from '@kermesse/contracts-accounting';
import App from '../App';
import { renderAt } from '../test/render';

const A = '/api/admin/accountancy';
const year = new Date().getFullYear();
const text = (element: Element) => (element.textContent ?? '').replace(/[\u00A0\u202F]/g, ' ');
const CAMILLE: Member = {
  id: 5,
  personId: 3,
  year: year - 1,
  typeId: 1,
  typeName: 'Famille',
  lastName: 'Martin',
  firstName: 'Camille',
  email: 'camille@example.org',
  phone: null,
  address: '4 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  children: [{ firstName: 'Léo', className: 'CE1' }],
  amount: 15,
  method: 'CHQ',
  paidOn: `${year - 1}-09-15`,
  consentAt: `${year - 1}-09-15T10:00:00.000Z`,
  erased: false,
};
const LIST: MemberList = {
  year,
  types: [{ id: 2, year, name: 'Famille', scope: 'family', price: 16, members: 1 }],
  members: [{ ...CAMILLE, id: 6, year, typeId: 2, amount: 16, paidOn: `${year}-09-10` }],
  toRenew: [{ ...CAMILLE, lastName: 'Durand', firstName: 'Inès', personId: 4 }],
};

describe('« Adhésions »', () => {
  it('lists the members with their children and classes, and records a new one only with their consent', async () => {
    const calls = fakeGateway({
      [`GET ${A}/members`]: () => json(LIST),
      [`POST ${A}/members`]: (call) => json({ member: { ...CAMILLE, ...(call.body as object), id: 7 } }, 201),
    });
    await renderAt('/comptabilite/adhesions', <App />);
    const table = await screen.findByRole('table', { name: `Adhérents ${year}` });
    expect(text(within(table).getAllByRole('row')[1]!)).toContain('Léo (CE1)');
    expect(text(within(table).getAllByRole('row')[1]!)).toContain('16,00 €');

    const form = screen.getByRole('heading', { name: `Nouvelle adhésion ${year}` }).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Nom'), { target: { value: 'Bernard' } });
    fireEvent.change(within(form).getByLabelText('Prénom'), { target: { value: 'Noé' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter un enfant' }));
    fireEvent.change(within(form).getByLabelText("Prénom de l'enfant 1"), { target: { value: 'Lina' } });
    fireEvent.change(within(form).getByLabelText("Classe de l'enfant 1"), { target: { value: 'CM2' } });
    fireEvent.click(within(form).getByRole('button', { name: "Enregistrer l'adhésion" }));
    expect(within(form).getByRole('alert').textContent).toContain('cochez la case de consentement');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(form).getByRole('checkbox', { name: /J'accepte que l'association conserve mes coordonnées/ }));
    fireEvent.click(within(form).getByRole('button', { name: "Enregistrer l'adhésion" }));
    expect(await screen.findByText('Adhésion de Noé Bernard enregistrée.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      typeId: 2,
      lastName: 'Bernard',
      firstName: 'Noé',
      children: [{ firstName: 'Lina', className: 'CM2' }],
      consent: true,
    });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("renews last year's member and erases a person's data after a warning", async () => {
    const calls = fakeGateway({
      [`GET ${A}/members`]: () => json(LIST),
      [`POST ${A}/people/4/renewal`]: () => json({ member: { ...CAMILLE, lastName: 'Durand', firstName: 'Inès', year } }, 201),
      [`DELETE ${A}/people/3`]: () => new Response(null, { status: 204 }),
    });
    await renderAt('/comptabilite/adhesions', <App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Renouveler Durand Inès' }));
    const renew = screen.getByRole('dialog', { name: 'Renouveler Inès Durand' });
    fireEvent.click(within(renew).getByRole('button', { name: 'Renouveler' }));
    expect(await screen.findByText(`Adhésion ${year} de Inès Durand enregistrée.`)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/renewal'))?.body).toMatchObject({ typeId: 2, method: 'CHQ' });

    fireEvent.click(screen.getByRole('button', { name: 'Effacer les données de Martin Camille' }));
    const erase = screen.getByRole('dialog', { name: 'Effacer les données de Camille Martin' });
    expect(erase.textContent).toContain('Les montants, les dates et les écritures restent');
    fireEvent.click(within(erase).getByRole('button', { name: 'Effacer définitivement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('ses cotisations restent dans les comptes');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${A}/people/3`)).toBe(true);
  });
});
