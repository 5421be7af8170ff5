import { describe, expect, it } from 'vitest';
import { isGsm7 } from '../delivery/transports/brevoSms.ts';
import { renderReceiptEmail, renderReceiptSms, type CompletedSale } from './render.ts';

const settings = { associationName: 'Amicale Laïque', publicUrl: 'https://fete.exemple.fr' };

function buildSale(overrides: Partial<CompletedSale> = {}): CompletedSale {
  return {
    saleId: 1,
    reference: 'A1B2C3',
    eventId: 1,
    checkoutId: 1,
    claimId: null,
    buyer: null,
    lines: [
      {
        productId: 5,
        name: 'Gaufre',
        categoryId: 1,
        categoryName: 'Sucré',
        unitPriceCents: 250,
        quantity: 3,
        totalCents: 750,
        kind: 'product',
      },
    ],
    tickets: [],
    bets: [],
    payments: [{ method: 'CB', amountCents: 750, reference: 'TX42' }],
    totalCents: 750,
    paymentMode: 3,
    paymentStatus: 1,
    receipt: { method: 'sms', to: '0612345678' },
    completedAt: '2026-12-24T23:05:00.000Z',
    ...overrides,
  };
}

describe('receipt content', () => {
  it('writes the SMS in the GSM alphabet, under 160 characters, with plain spaces', () => {
    const sms = renderReceiptSms(buildSale({ totalCents: 123456 }), settings);
    expect(sms).toBe('Amicale Laïque : merci pour votre achat ! Vente A1B2C3, total 1 234,56 €. Détail : https://fete.exemple.fr/s/A1B2C3');
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(isGsm7(sms.replace('ï', 'i'))).toBe(true);
    expect(isGsm7(sms)).toBe(false); // « ï » is not GSM: the adapter then asks Brevo for unicode
  });

  it('dates the receipt in Paris time, even across midnight UTC', () => {
    expect(renderReceiptEmail(buildSale(), settings).text).toContain('Le 25 décembre 2026 à 00:05');
  });

  it('escapes whatever a product name holds in the HTML part', () => {
    const html = renderReceiptEmail(
      buildSale({
        lines: [
          {
            productId: 9,
            name: 'Tarte <script>alert(1)</script> & "fromage"',
            categoryId: 1,
            categoryName: 'Salé',
            unitPriceCents: 300,
            quantity: 1,
            totalCents: 300,
            kind: 'product',
          },
        ],
      }),
      settings,
    ).html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Tarte &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;fromage&quot;');
  });

  it('shows what remains to pay on a sale put on hold', () => {
    const text = renderReceiptEmail(buildSale({ payments: [], paymentMode: 99, paymentStatus: 2 }), settings).text;
    expect(text.replace(/[\u00a0\u202f]/g, ' ')).toContain('Règlement :\n- Reste à régler : 7,50 €');
  });

  it('names each raffle and basket when a sale holds several', () => {
    const text = renderReceiptEmail(
      buildSale({
        tickets: [
          { raffleId: 1, number: 3 },
          { raffleId: 2, number: 99 },
          { raffleId: 1, number: 1 },
        ],
        bets: [
          { giftBasketId: 4, typeId: 1, weight: 850 },
          { giftBasketId: 5, typeId: 2, weight: 12000 },
        ],
      }),
      settings,
    ).text;
    expect(text).toContain('- Tombola n° 1 : 1, 3\n- Tombola n° 2 : 99');
    expect(text).toContain('- Panier garni n° 4 : 0 kg 850 g\n- Panier garni n° 5 : 12 kg 000 g');
  });
});

describe('loto cartons on the receipt', () => {
  it('lists the cartons bought, by night, like the raffle tickets (text and HTML)', () => {
    const sale = buildSale({
      lines: [
        {
          productId: 91,
          name: '3 cartons',
          categoryId: 9,
          categoryName: 'Loto : Loto de la kermesse',
          unitPriceCents: 800,
          quantity: 1,
          totalCents: 800,
          kind: 'bingo',
        },
      ],
      cartons: [
        { bingoId: 1, number: 40 },
        { bingoId: 1, number: 5 },
        { bingoId: 1, number: 12 },
      ],
      totalCents: 800,
      payments: [{ method: 'ESP', amountCents: 800, reference: '10' }],
      paymentMode: 2,
    });
    const mail = renderReceiptEmail(sale, settings);
    expect(mail.text).toContain('Vos cartons de loto :\n- Loto de la kermesse : n° 5, n° 12, n° 40');
    expect(mail.html).toContain('<h2 style="font-size:15px;margin:16px 0 4px">Vos cartons de loto</h2>');
    expect(mail.html).toContain('<li>Loto de la kermesse : <strong>n° 5, n° 12, n° 40</strong></li>');
  });

  it('says nothing of cartons for a sale without any (older events carry no cartons)', () => {
    expect(renderReceiptEmail(buildSale(), settings).text).not.toContain('cartons');
  });
});
