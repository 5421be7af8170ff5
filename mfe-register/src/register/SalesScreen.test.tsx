import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, unreachable } from '@kermesse/ui-kit/testing';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { camille, CHECKOUT_ID, EVENT_ID, lastBody, registerGateway, saleAnswer } from '../testing/registerGateway';
import type { SaleBody } from '../sale/buildSale';

async function renderRegister() {
  await act(async () => {
    render(<CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="jeton-caissier" clickAndCollect={false} />);
  });
  await screen.findByRole('tab', { name: 'Toutes les catégories' });
}

const product = (name: RegExp | string) => screen.getByRole('button', { name: typeof name === 'string' ? new RegExp(`^${name},`) : name });
const cart = () => screen.getByRole('region', { name: 'Panier' });
const cartNames = () =>
  within(cart())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.reg-line__name')?.firstChild?.textContent);
const total = () => screen.getByTestId('cart-total').textContent?.replace(/\s/g, ' ');
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const press = async (key: string, target: Element = document.activeElement ?? document.body) => {
  await act(async () => {
    fireEvent.keyDown(target, { key });
  });
};

describe('sales screen: catalogue', () => {
  it('shows « Toutes les catégories » and one tab per category, and filters the grid', async () => {
    registerGateway();
    await renderRegister();

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Toutes les catégories',
      'Boissons',
      'Plats',
      'Confiseries',
      'Desserts',
      'Tombola : Grande tombola',
      'Panier garni : Panier garni',
    ]);
    expect(screen.getAllByRole('button', { name: /€/ }).length).toBeGreaterThanOrEqual(10);

    await click(screen.getByRole('tab', { name: 'Boissons' }));

    expect(screen.getByRole('tab', { name: 'Boissons' }).getAttribute('aria-selected')).toBe('true');
    const grid = screen.getByRole('tabpanel');
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.querySelector('.reg-product__name')?.textContent),
    ).toEqual(['Soda', 'Café']);
  });

  it('shows pictures from /up/, the fallback icon, the click-and-collect timer and stock alerts', async () => {
    registerGateway();
    await renderRegister();

    const hotDog = product('Hot-dog');
    const picture = hotDog.querySelector('img') as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/up/hot-dog.svg');
    expect(within(hotDog).getByRole('img', { name: 'Click & collect' })).toBeTruthy();
    expect((product('Frites').querySelector('img') as HTMLImageElement).getAttribute('src')).toBe('/icon/product404.png');

    await act(async () => {
      fireEvent.error(picture);
    });
    expect(picture.getAttribute('src')).toBe('/icon/product404.png');

    expect(product('Bonbons').getAttribute('aria-label')).toContain('stock bas');
    expect(within(product('Bonbons')).getByText('Stock bas')).toBeTruthy();
  });

  it('shows the spec message in place of the register when the checkout cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerGateway({ [`GET /api/cr/checkouts/${CHECKOUT_ID}`]: () => json({ error: 'Caisse introuvable.' }, 404) });
    await act(async () => {
      render(<CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="t" clickAndCollect={false} />);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors de la récupération des données.');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('keeps the checkout and settings 600 s in local storage and sends the token', async () => {
    const calls = registerGateway();
    await renderRegister();
    expect(calls.find((c) => c.path === `/api/cr/checkouts/${CHECKOUT_ID}`)?.authorization).toBe('Bearer jeton-caissier');
    expect(localStorage.getItem(`kermesseRegister.checkout.${CHECKOUT_ID}`)).toContain('Hot-dog');
    // The settings are the register's event's (its meal-deal rule), kept per event.
    expect(calls.find((c) => c.path === '/api/cr/settings')?.query).toBe(`eventId=${EVENT_ID}`);
    expect(localStorage.getItem(`kermesseRegister.settings.${EVENT_ID}`)).toContain('EUR');

    cleanup();
    const again = registerGateway();
    await renderRegister();
    expect(again.map((c) => c.path)).not.toContain(`/api/cr/checkouts/${CHECKOUT_ID}`);
    expect(again.map((c) => c.path)).not.toContain('/api/cr/settings');
  });

  it('shows the pending-sales button only when sales are on hold', async () => {
    registerGateway();
    await renderRegister();
    expect(screen.queryByRole('button', { name: /Paniers en attente/ })).toBeNull();

    cleanup();
    registerGateway({ [`GET /api/cr/sale/list/${EVENT_ID}/pending/total`]: () => json({ count: 3 }) });
    await renderRegister();
    expect(screen.getByRole('button', { name: /Paniers en attente/ }).textContent).toContain('3');
  });
});

describe('sales screen: cart', () => {
  it('adds the meal-deal discount for a dish, a drink and a dessert, and removes it with one of them', async () => {
    registerGateway();
    await renderRegister();

    await click(product('Hot-dog'));
    await click(product('Soda'));
    expect(cartNames()).toEqual(['Hot-dog', 'Soda']);
    await click(product('Crêpe'));

    expect(cartNames()).toEqual(['Hot-dog', 'Soda', 'Crêpe', 'Remise formule']);
    expect(total()).toBe('5,50 €');

    await click(screen.getByRole('button', { name: 'Retirer Soda du panier' }));
    expect(cartNames()).toEqual(['Hot-dog', 'Crêpe']);
    expect(total()).toBe('4,50 €');
  });

  it('gives no discount when the event has no meal deal (an install without the demo data)', async () => {
    registerGateway({
      'GET /api/cr/settings': () => json({ success: true, data: { currency: 'EUR', mealDeal: { discount: 0, items: [] } } }),
    });
    await renderRegister();
    await click(product('Hot-dog'));
    await click(product('Soda'));
    await click(product('Crêpe'));
    expect(cartNames()).toEqual(['Hot-dog', 'Soda', 'Crêpe']);
    expect(total()).toBe('6,00 €');
  });

  it("prices the cart with the event's own meal-deal rule from its settings, not docs/spec.md §9's", async () => {
    // This event's rule: Frites (Plats at 2,50 €) and a Café (Boissons at 1,00 €) cost 1,00 € less.
    const calls = registerGateway({
      'GET /api/cr/settings': () =>
        json({
          success: true,
          data: {
            currency: 'EUR',
            mealDeal: {
              discount: 1,
              items: [
                { categoryId: 2, price: 2.5 },
                { categoryId: 1, price: 1 },
              ],
            },
          },
        }),
    });
    await renderRegister();
    expect(calls.find((c) => c.path === '/api/cr/settings')?.query).toBe(`eventId=${EVENT_ID}`);

    // docs/spec.md §9's set is no deal at this event.
    await click(product('Hot-dog'));
    await click(product('Soda'));
    await click(product('Crêpe'));
    expect(cartNames()).toEqual(['Hot-dog', 'Soda', 'Crêpe']);
    expect(total()).toBe('6,00 €');

    await click(product('Frites'));
    await click(product('Café'));
    expect(cartNames()).toEqual(['Hot-dog', 'Soda', 'Crêpe', 'Frites', 'Café', 'Remise formule']);
    expect(total()).toBe('8,50 €');
    expect(within(cart()).getAllByRole('listitem').at(-1)?.textContent).toContain('1,00');

    await click(screen.getByRole('button', { name: 'Retirer Café du panier' }));
    expect(cartNames()).toEqual(['Hot-dog', 'Soda', 'Crêpe', 'Frites']);
    expect(total()).toBe('8,50 €');
  });

  it('keeps quantities between 1 and 50', async () => {
    registerGateway();
    await renderRegister();
    await click(product('Café'));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantité de Café' }) as HTMLInputElement;
    expect(quantity.min).toBe('1');
    expect(quantity.max).toBe('50');

    fireEvent.change(quantity, { target: { value: '99' } });
    expect(quantity.value).toBe('50');
    expect(total()).toBe('50,00 €');
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(quantity.value).toBe('1');
    await click(screen.getByRole('button', { name: 'Un Café de plus' }));
    expect(quantity.value).toBe('2');
  });

  it('adds a donation above 0 and ignores 0', async () => {
    registerGateway();
    await renderRegister();
    const amount = screen.getByLabelText('Don');

    fireEvent.change(amount, { target: { value: '0' } });
    await click(screen.getByRole('button', { name: 'Ajouter le don au panier' }));
    expect(cartNames()).toEqual([]);

    fireEvent.change(amount, { target: { value: '2.5' } });
    await click(screen.getByRole('button', { name: 'Ajouter le don au panier' }));
    expect(cartNames()).toEqual(['Don']);
    expect(total()).toBe('2,50 €');
  });

  it('shows the raffle and bet buttons only while such tickets are in the cart', async () => {
    registerGateway();
    await renderRegister();
    expect(screen.queryByRole('button', { name: /Tickets de tombola/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Paris du panier garni/ })).toBeNull();

    await click(product('5 tickets'));
    await click(product('3 paris'));
    expect(screen.getByRole('button', { name: /Tickets de tombola/ }).textContent).toContain('0 / 5');
    expect(screen.getByRole('button', { name: /Paris du panier garni/ }).textContent).toContain('0 / 3');

    await click(screen.getByRole('button', { name: 'Retirer 5 tickets du panier' }));
    expect(screen.queryByRole('button', { name: /Tickets de tombola/ })).toBeNull();
  });

  it('adds the first match of the search with Enter, several with « 3*… », then clears the field', async () => {
    registerGateway();
    await renderRegister();
    const search = screen.getByRole('searchbox', { name: 'Rechercher un produit' });
    expect(document.activeElement).toBe(search);

    fireEvent.change(search, { target: { value: 'crepe' } });
    await press('Enter', search);
    fireEvent.change(search, { target: { value: '3*caf' } });
    await press('Enter', search);

    expect(cartNames()).toEqual(['Crêpe', 'Café']);
    expect((screen.getByRole('spinbutton', { name: 'Quantité de Café' }) as HTMLInputElement).value).toBe('3');
    expect((search as HTMLInputElement).value).toBe('');

    fireEvent.change(search, { target: { value: 'pizza' } });
    await press('Enter', search);
    expect(screen.getByText('Aucun produit ne correspond à « pizza ».')).toBeTruthy();
  });
});

describe('sales screen: rules before payment', () => {
  it('needs an identified person to hold a basket', async () => {
    const calls = registerGateway();
    await renderRegister();
    await click(product('Café'));
    await click(screen.getByRole('button', { name: 'Mettre en attente' }));
    expect(screen.getByRole('alert').textContent).toBe('Identifier/Créer une personne pour ce panier');
    expect(calls.some((c) => c.path === '/api/cr/sale/create')).toBe(false);
  });

  it('needs the ticket numbers, then the bets', async () => {
    registerGateway();
    await renderRegister();
    await click(product('1 ticket'));
    await click(screen.getByRole('button', { name: /^Espèces/ }));
    expect(screen.getByRole('alert').textContent).toBe('Identifier/Créer une personne pour ce panier');

    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: camille.email } });
    await click(screen.getByRole('button', { name: 'Identifier' }));
    await click(screen.getByRole('button', { name: /^Espèces/ }));
    expect(screen.getByRole('alert').textContent).toBe('Aucune selection de tickets');

    await click(product('1 pari'));
    await click(screen.getByRole('button', { name: /Tickets de tombola/ }));
    await click(await screen.findByRole('button', { name: 'Ticket 1' }));
    await click(screen.getByRole('button', { name: 'Confirmer la sélection' }));
    await click(screen.getByRole('button', { name: /^Espèces/ }));
    expect(screen.getByRole('alert').textContent).toBe('Aucun vote effectué');
  });
});

describe('sales screen: paying', () => {
  async function cashSaleOfThree() {
    await click(product('Hot-dog'));
    await click(product('Soda'));
    await click(product('Crêpe'));
    await press('F4', document.body);
    const given = await screen.findByLabelText('Montant donné');
    fireEvent.change(given, { target: { value: '20' } });
    await act(async () => {
      fireEvent.submit(given.closest('form') as HTMLFormElement);
    });
  }

  it('sells for cash with F4: the sale body, a fresh Idempotency-Key, the finished screen, then a new sale', async () => {
    const calls = registerGateway();
    await renderRegister();

    await cashSaleOfThree();

    const sale = lastBody<{ sale: SaleBody }>(calls, 'POST', '/api/cr/sale/create').sale;
    expect(sale).toMatchObject({
      status: 0,
      checkoutId: CHECKOUT_ID,
      eventId: EVENT_ID,
      personId: 0,
      paymentMode: 2,
      paymentStatus: 1,
      price: 5.5,
      payments: [{ method: 'ESP', amount: 5.5, payment_reference: '20.00' }],
      raffles: [],
      giftBaskets: [],
    });
    expect(sale.cart.map((line) => [line.product.id, line.product.price, line.quantity])).toEqual([
      [21, 3.5, 1],
      [11, 1.5, 1],
      [41, 1, 1],
      [-2, -0.5, 1],
    ]);
    const key = calls.find((c) => c.path === '/api/cr/sale/create')?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    expect(screen.getByRole('heading', { name: 'Vente terminée !' })).toBeTruthy();
    expect(screen.getByText('K7M2Q-9XR4T')).toBeTruthy();
    expect(screen.getByText('Monnaie à rendre').parentElement?.textContent?.replace(/\s/g, ' ')).toContain('14,50 €');
    const newSale = screen.getByRole('button', { name: 'Nouvelle vente' });
    expect(document.activeElement).toBe(newSale);

    await click(newSale);
    expect(cartNames()).toEqual([]);

    await cashSaleOfThree();
    const keys = calls.filter((c) => c.path === '/api/cr/sale/create').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows « Traitement de la vente en cours... » over the screen while the sale is created', async () => {
    let answer: (response: Response) => void = () => undefined;
    registerGateway({ 'POST /api/cr/sale/create': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderRegister();
    await cashSaleOfThree();

    const overlay = screen.getByRole('alertdialog', { name: 'Traitement de la vente en cours...' });
    expect(overlay.textContent).toContain('Traitement de la vente en cours...');
    expect((screen.getByRole('button', { name: /^Espèces/ }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer(json(saleAnswer(), 201)));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Vente terminée !' })).toBeTruthy();
  });

  it('says « Vente annulée. » when the cash dialog is closed with Escape', async () => {
    registerGateway();
    await renderRegister();
    await click(product('Café'));
    await press('F4', document.body);
    await screen.findByRole('dialog', { name: 'Paiement en espèces' });
    await press('Escape', document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Vente annulée.');
  });

  it('tells the SMS or e-mail delivery the server chose', async () => {
    registerGateway({ 'POST /api/cr/sale/create': () => json(saleAnswer({ deliveryMethod: 'sms' }), 201) });
    await renderRegister();
    await click(screen.getByRole('button', { name: 'SMS' }));
    const phone = screen.getByLabelText('Numéro de téléphone');
    fireEvent.change(phone, { target: { value: '06 12' } });
    await click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByRole('alert').textContent).toBe('Merci de saisir un numéro de téléphone valide (10 chiffres).');
    fireEvent.change(phone, { target: { value: ' 0611223344 ' } });
    await click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('0611223344')).toBeTruthy();

    await cashSaleOfThree();
    expect(screen.getByText('Commande envoyée par SMS')).toBeTruthy();
  });

  it('shows a refused sale with the spec wording and keeps the cart', async () => {
    registerGateway({
      'POST /api/cr/sale/create': () => json({ error: "Le produit « Soda » (n° 11) n'est pas en vente à cette caisse." }, 400),
    });
    await renderRegister();
    await cashSaleOfThree();
    expect(screen.getByRole('alert').textContent).toBe(
      "Erreur lors de la vente : Le produit « Soda » (n° 11) n'est pas en vente à cette caisse.",
    );
    expect(cartNames()).toEqual(['Hot-dog', 'Soda', 'Crêpe', 'Remise formule']);
  });

  it('retries a sale whose answer was lost with the same Idempotency-Key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reachable = false;
    const calls = registerGateway({ 'POST /api/cr/sale/create': () => (reachable ? json(saleAnswer(), 201) : unreachable()) });
    await renderRegister();
    await cashSaleOfThree();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByRole('alert').textContent).toContain('Impossible de contacter le serveur.');

    reachable = true;
    await click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.getByRole('heading', { name: 'Vente terminée !' })).toBeTruthy();
    const keys = new Set(calls.filter((c) => c.path === '/api/cr/sale/create').map((c) => c.headers['idempotency-key']));
    expect(calls.filter((c) => c.path === '/api/cr/sale/create').length).toBe(4);
    expect(keys.size).toBe(1);
    vi.useRealTimers();
  });

  it('asks for the cheque number and records the cheque as not yet cashed', async () => {
    const calls = registerGateway();
    await renderRegister();
    await click(product('Café'));
    await press('F8', document.body);
    const number = await screen.findByLabelText('Numéro du chèque');
    fireEvent.change(number, { target: { value: '0012345' } });
    await click(screen.getByRole('button', { name: 'Valider' }));
    expect(lastBody<{ sale: SaleBody }>(calls, 'POST', '/api/cr/sale/create').sale).toMatchObject({
      paymentMode: 1,
      paymentStatus: 2,
      payments: [{ method: 'CHQ', amount: 1, payment_reference: '0012345' }],
    });
  });

  it('holds a basket for an identified buyer and shows the pending button afterwards', async () => {
    let held = 0;
    const calls = registerGateway({
      [`GET /api/cr/sale/list/${EVENT_ID}/pending/total`]: () => json({ count: held }),
      'POST /api/cr/sale/create': () => {
        held += 1;
        return json(saleAnswer(), 201);
      },
    });
    await renderRegister();
    // On a phone the buyer is typed in the opened cart sheet.
    await click(screen.getByRole('button', { name: /^Ouvrir le panier/ }));
    fireEvent.change(screen.getByLabelText("Téléphone de l'acheteur"), { target: { value: camille.phone } });
    await click(screen.getByRole('button', { name: 'Identifier' }));
    expect(screen.getByText('Camille Martin')).toBeTruthy();
    await click(product('Café'));
    await click(screen.getByRole('button', { name: 'Mettre en attente' }));

    expect(lastBody<{ sale: SaleBody }>(calls, 'POST', '/api/cr/sale/create').sale).toMatchObject({
      paymentMode: 99,
      paymentStatus: 2,
      payments: [],
      personId: 12,
    });
    expect(screen.getByText(/en attente de paiement/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Nouvelle vente' }));
    expect(screen.getByRole('button', { name: /Paniers en attente/ })).toBeTruthy();
    // The new sale starts on the products, the sheet closed.
    expect(screen.getByRole('button', { name: /^Ouvrir le panier/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('sends the chosen ticket numbers and bets with their raffle and gift basket, and « Vente terminée » lists the numbers', async () => {
    const calls = registerGateway();
    await renderRegister();
    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: camille.email } });
    await click(screen.getByRole('button', { name: 'Identifier' }));
    await click(product('1 ticket'));
    await click(product('1 ticket'));
    await click(product('1 pari'));

    await click(screen.getByRole('button', { name: /Tickets de tombola/ }));
    await click(await screen.findByRole('button', { name: 'Ticket 4' }));
    await click(screen.getByRole('button', { name: 'Ticket 9' }));
    await click(screen.getByRole('button', { name: 'Confirmer la sélection' }));

    await click(screen.getByRole('button', { name: /Paris du panier garni/ }));
    fireEvent.change(await screen.findByLabelText('Type du pari 1'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Poids du pari 1 en grammes'), { target: { value: '4250' } });
    await click(screen.getByRole('button', { name: 'Soumettre' }));

    await press('F4', document.body);
    fireEvent.change(await screen.findByLabelText('Montant donné'), { target: { value: '6' } });
    await click(screen.getByRole('button', { name: 'Valider' }));

    expect(lastBody<{ sale: SaleBody }>(calls, 'POST', '/api/cr/sale/create').sale).toMatchObject({
      personId: 12,
      raffleId: 1,
      raffles: [4, 9],
      giftBasketsId: 1,
      giftBaskets: [{ weight: 4250, type: { id: 2, name: 'Panier bien-être' } }],
    });
    const finished = await screen.findByRole('region', { name: 'Vente terminée !' });
    expect(finished.querySelector('.reg-finished__tickets')?.textContent).toBe('Tickets de tombola : n° 4, n° 9');
  });

  it('marks the numbers sold meanwhile and lets the cashier pick again', async () => {
    const message = "Ces numéros de tombola viennent d'être vendus : 4. Choisissez-en d'autres.";
    registerGateway({ 'POST /api/cr/sale/create': () => json({ error: message, taken: { tickets: [4], bets: [] } }, 409) });
    await renderRegister();
    fireEvent.change(screen.getByLabelText("E-mail de l'acheteur"), { target: { value: camille.email } });
    await click(screen.getByRole('button', { name: 'Identifier' }));
    await click(product('1 ticket'));
    await click(screen.getByRole('button', { name: /Tickets de tombola/ }));
    await click(await screen.findByRole('button', { name: 'Ticket 4' }));
    await click(screen.getByRole('button', { name: 'Confirmer la sélection' }));
    await press('F4', document.body);
    fireEvent.change(await screen.findByLabelText('Montant donné'), { target: { value: '2' } });
    await click(screen.getByRole('button', { name: 'Valider' }));

    expect(screen.getByRole('alert').textContent).toBe(`Erreur lors de la vente : ${message}`);
    expect(screen.getByRole('button', { name: /Tickets de tombola/ }).textContent).toContain('0 / 1');
    await click(screen.getByRole('button', { name: /Tickets de tombola/ }));
    expect((await screen.findByRole('button', { name: 'Ticket 4 vendu' })).hasAttribute('disabled')).toBe(true);
  });
});

describe('sales screen: stock alerts', () => {
  it('refreshes the alerts from the stock service and keeps them per event', async () => {
    const calls = registerGateway({
      [`GET /api/cr/stocks/${EVENT_ID}/stocks/state`]: () =>
        json({
          success: true,
          stocks: [
            { id: 12, isAlert: true },
            { id: 31, isAlert: false },
          ],
        }),
    });
    await renderRegister();
    await click(screen.getByRole('button', { name: 'Actualiser les alertes de stock' }));

    expect(product('Café').getAttribute('aria-label')).toContain('stock bas');
    expect(product('Bonbons').getAttribute('aria-label')).not.toContain('stock bas');
    expect(calls.find((c) => c.path.endsWith('/stocks/state'))?.query).toBe('cache=0');
    expect(JSON.parse(localStorage.getItem(`kermesseRegister.stockAlerts.${EVENT_ID}`) ?? '{}').data).toEqual([12]);
  });

  it('says when the alerts cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerGateway({ [`GET /api/cr/stocks/${EVENT_ID}/stocks/state`]: () => json({ error: 'Service indisponible.' }, 503) });
    await renderRegister();
    await click(screen.getByRole('button', { name: 'Actualiser les alertes de stock' }));
    expect(screen.getByRole('alert').textContent).toBe("Impossible de charger les états d'alerte des produits.");
  });

  it('asks the alerts again when the network returns, and the failure message goes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reachable = false;
    registerGateway({
      [`GET /api/cr/stocks/${EVENT_ID}/stocks/state`]: () =>
        reachable ? json({ success: true, stocks: [{ id: 12, isAlert: true }] }) : unreachable(),
    });
    await renderRegister();
    await click(screen.getByRole('button', { name: 'Actualiser les alertes de stock' }));
    expect(screen.getByRole('alert').textContent).toBe("Impossible de charger les états d'alerte des produits.");
    reachable = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText("Impossible de charger les états d'alerte des produits.")).toBeNull());
    expect(product('Café').getAttribute('aria-label')).toContain('stock bas');
  });
});
