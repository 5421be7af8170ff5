import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { DeliveryAnswer, EndpointAnswer } from '@kermesse/contracts-webhooks';
import Admin from './Admin';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7n4FQxzQ7tM=';

const endpoint: EndpointAnswer = {
  id: 4,
  url: 'https://paheko.exemple.org/api/kermesse',
  description: 'Comptabilité Paheko',
  eventTypes: ['sale.completed', 'till.closed'],
  createdAt: '2027-06-12T08:00:00.000Z',
  deliveries: { pending: 0, sent: 1, failed: 1 },
};

const deliveries: DeliveryAnswer[] = [
  {
    id: 12,
    endpointId: 4,
    eventId: '0b1e4a3c-8f43-4a55-9b64-5f1e2d3c4b5a',
    eventType: 'till.closed',
    status: 'failed',
    attempts: 15,
    lastStatus: 502,
    lastAnswer: 'Bad Gateway',
    nextAttemptAt: null,
    createdAt: '2027-06-12T18:30:00.000Z',
    deliveredAt: null,
  },
  {
    id: 11,
    endpointId: 4,
    eventId: '7c6d1f2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    eventType: 'sale.completed',
    status: 'sent',
    attempts: 1,
    lastStatus: 200,
    lastAnswer: '',
    nextAttemptAt: null,
    createdAt: '2027-06-12T14:05:00.000Z',
    deliveredAt: '2027-06-12T14:05:01.000Z',
  },
];

async function renderPage() {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles: ['admin'] }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/gestion/webhooks']}>
          <Routes>
            <Route path="gestion/*" element={<Admin />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

describe('Webhooks (back office)', () => {
  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const items: EndpointAnswer[] = [];
    const calls = fakeGateway({
      'GET /api/admin/webhooks': () => json({ items, total: items.length }),
      'POST /api/admin/webhooks': (call) => {
        const body = call.body as { url: string; eventTypes: EndpointAnswer['eventTypes'] };
        const created = { ...endpoint, url: body.url, eventTypes: body.eventTypes, deliveries: { pending: 0, sent: 0, failed: 0 } };
        items.push(created);
        return json({ ...created, secret: SECRET }, 201);
      },
    });
    await renderPage();
    expect(await screen.findByText("Aucun point de réception pour l'instant.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Adresse (URL)'), { target: { value: ' https://paheko.exemple.org/api/kermesse ' } });
    fireEvent.change(screen.getByLabelText('Description (facultative)'), { target: { value: 'Comptabilité Paheko' } });
    fireEvent.click(screen.getByLabelText('Vente terminée (sale.completed)'));
    fireEvent.click(screen.getByLabelText('Caisse clôturée (till.closed)'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ajouter' })));

    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://paheko.exemple.org/api/kermesse',
      description: 'Comptabilité Paheko',
      eventTypes: ['sale.completed', 'till.closed'],
    });
    expect(await screen.findByText(/copiez-le maintenant, il ne sera plus affiché/)).toBeTruthy();
    expect((screen.getByLabelText('Secret de signature') as HTMLInputElement).value).toBe(SECRET);
    const card = await screen.findByRole('article', { name: 'Point de réception https://paheko.exemple.org/api/kermesse' });
    expect(within(card).getByText(/Vente terminée, Caisse clôturée · 0 envoyé, 0 en attente, 0 en échec/)).toBeTruthy();
  });

  it('says in French why an endpoint is refused', async () => {
    fakeGateway({
      'GET /api/admin/webhooks': () => json({ items: [], total: 0 }),
      'POST /api/admin/webhooks': () => json({ error: 'Choisissez au moins un type d’événement.', code: 'NO_EVENT_TYPE' }, 400),
    });
    await renderPage();
    fireEvent.change(await screen.findByLabelText('Adresse (URL)'), { target: { value: 'https://outil.exemple.org' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ajouter' })));
    expect(await screen.findByText('Choisissez au moins un type d’événement.')).toBeTruthy();
    expect(screen.queryByLabelText('Secret de signature')).toBeNull();
  });

  it('shows the delivery log and sends a failed delivery again with « Renvoyer »', async () => {
    let log = deliveries;
    const calls = fakeGateway({
      'GET /api/admin/webhooks': () => json({ items: [endpoint], total: 1 }),
      'GET /api/admin/webhooks/4/deliveries': () => json({ items: log, total: log.length }),
      'POST /api/admin/webhooks/deliveries/12/resend': () => {
        log = [{ ...deliveries[0]!, status: 'pending', nextAttemptAt: '2027-06-13T09:00:00.000Z' }, deliveries[1]!];
        return json(log[0], 202);
      },
    });
    await renderPage();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Journal des envois' })));
    const table = await screen.findByRole('table', { name: 'Journal des envois' });
    const failedRow = within(table).getByText('Échec').closest('tr')!;
    expect(within(failedRow).getByText('Caisse clôturée')).toBeTruthy();
    expect(within(failedRow).getByText('HTTP 502 · Bad Gateway')).toBeTruthy();
    expect(within(failedRow).getByText('15')).toBeTruthy();
    expect(within(table).getByText('Envoyé')).toBeTruthy();

    await act(async () => fireEvent.click(within(failedRow).getByRole('button', { name: /^Renvoyer : Caisse clôturée/ })));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/webhooks/deliveries/12/resend']);
    expect(await screen.findByText('Envoi « Caisse clôturée » remis en file : il part dans un instant.')).toBeTruthy();
    expect(await within(table).findByText('En attente')).toBeTruthy();
  });

  it('deletes an endpoint only once confirmed', async () => {
    let items = [endpoint];
    const calls = fakeGateway({
      'GET /api/admin/webhooks': () => json({ items, total: items.length }),
      'DELETE /api/admin/webhooks/4': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' })));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/webhooks/4')).toBe(true);
    expect(await screen.findByText("Aucun point de réception pour l'instant.")).toBeTruthy();
  });
});
