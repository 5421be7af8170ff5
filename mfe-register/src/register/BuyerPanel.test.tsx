import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json } from '@kermesse/ui-kit/testing';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor } from '../api/checkoutApi';
import type { Person } from '../cart/types';
import { camille, lastBody, registerGateway } from '../testing/registerGateway';
import { BuyerPanel } from './BuyerPanel';

function Harness() {
  const [person, setPerson] = useState<Person | null>(null);
  return (
    <CheckoutApiProvider api={checkoutApiFor('t')}>
      <BuyerPanel person={person} onPerson={setPerson} />
    </CheckoutApiProvider>
  );
}

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('BuyerPanel', () => {
  it('says when the e-mail typed is not the one of the person found by the phone, and lets the cashier choose', async () => {
    registerGateway();
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: 'personne@example.org' } });
    fireEvent.change(screen.getByLabelText("Téléphone de l'acheteur"), { target: { value: '0612345678' } });
    await click('Identifier');

    expect(screen.getByRole('alert').textContent).toBe(
      "L'e-mail saisi (personne@example.org) n'est pas celui de Camille Martin, trouvé(e) par son téléphone (e-mail : camille.martin@example.org).",
    );
    expect(screen.queryByText('n° 12')).toBeNull();
    await click('Nouvelle personne');
    expect(screen.getByLabelText('Prénom')).toBeTruthy();
    await click('Annuler');
    await click('Identifier');
    await click("C'est Camille Martin");
    expect(screen.getByText('n° 12')).toBeTruthy();
  });

  it('identifies a known buyer by e-mail or phone, then shows name, id, phone and e-mail with « Réinitialiser »', async () => {
    const calls = registerGateway();
    render(<Harness />);
    expect((screen.getByRole('button', { name: 'Identifier' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Téléphone de l'acheteur"), { target: { value: ' 0612345678 ' } });
    await click('Identifier');

    expect(lastBody(calls, 'POST', '/api/cr/users/findOrCreate')).toEqual({ email: '', phone: '0612345678' });
    expect(screen.getByText('Camille Martin')).toBeTruthy();
    expect(screen.getByText('n° 12')).toBeTruthy();
    expect(screen.getByText('0612345678 · camille.martin@example.org')).toBeTruthy();

    await click('Réinitialiser');
    expect(screen.getByRole('button', { name: 'Identifier' })).toBeTruthy();
    expect((screen.getByLabelText("Téléphone de l'acheteur") as HTMLInputElement).value).toBe('');
  });

  it('offers Prénom and Nom with « Créer » and « Annuler » when nobody matches, both names required', async () => {
    const calls = registerGateway({
      'POST /api/cr/users/findOrCreate': () =>
        json({ success: false, error: 'Aucune personne ne correspond à cet e-mail ou ce téléphone.' }, 404),
      'POST /api/cr/users/create': () =>
        json(
          {
            success: true,
            data: { user: { ...camille, id: 31, firstname: 'Inès', lastname: 'Petit', email: 'ines@example.org', phone: null } },
          },
          201,
        ),
    });
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: 'ines@example.org' } });
    await click('Identifier');

    const create = screen.getByRole('button', { name: 'Créer' }) as HTMLButtonElement;
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Inès' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: '  ' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Petit' } });
    await click('Créer');

    expect(lastBody(calls, 'POST', '/api/cr/users/create')).toEqual({
      email: 'ines@example.org',
      phone: '',
      firstName: 'Inès',
      lastName: 'Petit',
    });
    expect(screen.getByText('Inès Petit')).toBeTruthy();
    expect(screen.getByText('n° 31')).toBeTruthy();
  });

  it('« Annuler » goes back to the identification', async () => {
    registerGateway({ 'POST /api/cr/users/findOrCreate': () => json({ success: false, error: 'Aucune personne' }, 404) });
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: 'x@example.org' } });
    await click('Identifier');
    await click('Annuler');
    expect((screen.getByLabelText("E-mail de l'acheteur") as HTMLInputElement).value).toBe('x@example.org');
  });

  it("shows the server's message when the creation is refused", async () => {
    registerGateway({
      'POST /api/cr/users/findOrCreate': () => json({ success: false }, 404),
      'POST /api/cr/users/create': () => json({ error: 'Cette adresse e-mail est déjà connue.' }, 409),
    });
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: 'x@example.org' } });
    await click('Identifier');
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'B' } });
    await click('Créer');
    expect(screen.getByRole('alert').textContent).toBe('Cette adresse e-mail est déjà connue.');
  });
});
