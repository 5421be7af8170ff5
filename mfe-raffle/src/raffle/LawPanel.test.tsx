import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LawPanel as LawPanelData } from '../api/raffleApi';
import { LawPanel } from './LawPanel';

const law = (over: Partial<LawPanelData> = {}): LawPanelData => ({
  totalValue: 395,
  totalCost: 30,
  ticketRevenue: 400,
  costRatio: 7.5,
  limit: 15,
  ticketsIssued: 1000,
  ticketsIssuedValue: 2000,
  accountsThreshold: 7500,
  warnings: [],
  ...over,
});

const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('the raffle law panel', () => {
  it('divides what the prizes cost the association by the ticket receipts', () => {
    render(<LawPanel law={law()} />);
    expect(figure('Coût total des lots')).toBe('30,00\u00a0€');
    expect(figure('Recettes des tickets à ce jour')).toBe('400,00\u00a0€');
    expect(figure('Coût des lots / recettes')).toBe('7,5 %');
  });

  it('says plainly that the mayor authorises a tombola, on the cerfa 11823*03 a month before the drawing', () => {
    render(<LawPanel law={law()} />);
    expect(screen.getByRole('heading', { name: 'Autorisation du maire' })).toBeTruthy();
    const text = document.querySelector('.rf-law')!.textContent!;
    expect(text).toContain('autorisée par le maire de la commune du siège');
    expect(text).toContain('cerfa n° 11823*03');
    expect(text).toContain('au moins un mois avant le tirage');
    expect(text).toContain('L322-3');
    expect(screen.getByTestId('rf-law-issued').textContent).toBe(
      'Billets émis : 1\u202f000 tickets pour 2\u202f000,00\u00a0€. Au-delà de 7\u202f500,00\u00a0€, la demande comporterait aussi les comptes du dernier exercice.',
    );
  });

  it('asks for the last accounts once the tickets issued are worth more than 7 500 €', () => {
    render(<LawPanel law={law({ ticketsIssued: 5000, ticketsIssuedValue: 10000 })} />);
    const issued = screen.getByTestId('rf-law-issued');
    expect(issued.className).toContain('rf-law__text--alert');
    expect(issued.textContent).toBe(
      "Billets émis : 5\u202f000 tickets pour 10\u202f000,00\u00a0€, plus de 7\u202f500,00\u00a0€ : joignez aussi à la demande les comptes du dernier exercice de l'association.",
    );
  });
});
