import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatEuros, SESSION_STORAGE_KEY, SessionProvider } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { ComplianceStatus, EventLogView } from '@kermesse/contracts-register/compliance';
import Admin from './Admin';

const status: ComplianceStatus = {
  version: '0.1.0',
  publicKey: {
    algorithm: 'Ed25519',
    keyId: '3f2a9c0d5e6b7a81',
    publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA3n9zV1r2lQ2kq3uXyQ0bDk5w8s1lN0cE6e4F4o9oY7c=\n-----END PUBLIC KEY-----\n',
    createdAt: '2026-03-01T09:00:00.000Z',
  },
  profile: null,
  lastJournalCheck: null,
  lastArchiveCheck: { at: '2026-06-02T08:00:00.000Z', ok: true, summary: 'Archive kermesse-archive-2026-05.tar vérifiée : intacte.' },
  lastClosing: { seq: 41, kind: 'month', periodStart: '2026-05-01', closedAt: '2026-06-01T00:10:00.000Z' },
  archives: 3,
  eventLog: { ok: true, records: 57 },
};

const money = (sales: number, refunds: number, net: number) => ({ salesCount: 12, sales, refundsCount: 1, refunds, net });

async function renderAt(path: string) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles: ['admin'] }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="gestion/*" element={<Admin />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

describe('Conformité de la caisse', () => {
  it('shows the version, the last checks, the monthly perpetual totals and the public key, and checks the journal', async () => {
    let checked = false;
    fakeGateway({
      'GET /api/admin/compliance': () =>
        json(
          checked
            ? {
                ...status,
                lastJournalCheck: {
                  at: '2026-06-03T10:00:00.000Z',
                  ok: true,
                  summary: 'Journal des ventes vérifié : intact, 812 enregistrements.',
                },
              }
            : status,
        ),
      'GET /api/admin/compliance/closings': () =>
        json({
          closings: [
            {
              seq: 41,
              kind: 'month',
              scope: 'association',
              checkoutId: null,
              checkoutName: null,
              periodStart: '2026-05-01',
              periodEnd: '2026-06-01',
              totals: money(412.5, 3.5, 409),
              perpetual: money(1890.5, 10, 1880.5),
              closedAt: '2026-06-01T00:10:00.000Z',
              hash: 'a'.repeat(64),
              signature: 'c2ln',
              keyId: '3f2a9c0d5e6b7a81',
              payload: '{}',
            },
          ],
        }),
      'GET /api/admin/compliance/archives': () => json({ archives: [] }),
      'GET /api/admin/journal/verify': () => {
        checked = true;
        return json({ ok: true, records: 812 });
      },
    });
    await renderAt('/gestion/conformite');
    expect(await screen.findByRole('heading', { name: 'Conformité de la caisse' })).toBeTruthy();
    expect(screen.getByText('Version du logiciel').nextElementSibling?.textContent).toBe('0.1.0');
    expect(screen.getByText(/Kermesse ne détient aucune certification/)).toBeTruthy();
    const row = (await screen.findByText('mai 2026')).closest('tr')!;
    // (the testing library reads non-breaking spaces as spaces)
    expect(within(row).getByText(formatEuros(1880.5).replace(/\s/g, ' '))).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Clé publique (PEM)' }).textContent).toContain('BEGIN PUBLIC KEY');
    expect(screen.getByText('Jamais vérifié.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vérifier le journal des ventes' })));
    expect(await screen.findByText('Journal des ventes intact : 812 enregistrements vérifiés.')).toBeTruthy();
    expect(await screen.findByText(/Journal des ventes vérifié : intact, 812 enregistrements\./)).toBeTruthy();
  });

  it('says who is concerned as the answers change, and saves them', async () => {
    const calls = fakeGateway({
      'GET /api/admin/compliance/profile': () => json({ profile: null }),
      'PUT /api/admin/compliance/profile': (call) => json({ profile: call.body }),
    });
    await renderAt('/gestion/conformite/qui-est-concerne');
    expect(
      await screen.findByRole('heading', { name: "La loi sur les logiciels de caisse ne s'applique pas à votre association." }),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Oui'));
    expect(screen.getByRole('heading', { name: "La loi sur les logiciels de caisse ne s'applique pas à vos ventes." })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Combien de manifestations de ce type par an ?'), { target: { value: '8' } });
    expect(screen.getByRole('heading', { name: 'Votre association est concernée par la loi sur les logiciels de caisse.' })).toBeTruthy();
    expect(screen.getByText(/CGI, article 1770 duodecies/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes réponses' })));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ vatLiable: true, onlyCharityEvents: true, eventsPerYear: 8 });
    expect(await screen.findByText('Vos réponses sont enregistrées.')).toBeTruthy();
  });

  it('lists the technical event log, newest first', async () => {
    const records: EventLogView[] = [
      {
        seq: 2,
        kind: 'signin.failed',
        actor: 'intrus@example.org',
        summary: 'Connexion refusée pour intrus@example.org : adresse ou mot de passe incorrect.',
        recordedAt: '2026-06-03T10:00:00.000Z',
        hash: 'b'.repeat(64),
      },
      {
        seq: 1,
        kind: 'price.changed',
        actor: 'admin@kermesse.local',
        summary: 'Prix de « Crêpe » : 2,50 € → 2,80 €.',
        recordedAt: '2026-06-03T09:00:00.000Z',
        hash: 'c'.repeat(64),
      },
    ];
    fakeGateway({ 'GET /api/admin/compliance/event-log': () => json({ records }) });
    await renderAt('/gestion/conformite/journal-des-evenements');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Connexion refusée')).toBeTruthy();
    expect(within(rows[2]!).getByText('Prix de « Crêpe » : 2,50 € → 2,80 €.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Conformité de la caisse' }).getAttribute('href')).toBe('/gestion/conformite');
  });
});
