import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Banner, Button, ErrorLine, Spinner } from '@kermesse/ui-kit';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import { CategoriesSection } from './CategoriesSection';
import { CheckoutsSection } from './CheckoutsSection';
import { EventForm, toEventInput } from './EventForm';
import { MealDealSection } from './MealDealSection';
import { ProductImport } from './ProductImport';
import { ProductsSection } from './ProductsSection';
import { messageOf, useLoad } from './useLoad';

const TABS = [
  { id: 'infos', label: 'Informations' },
  { id: 'caisses', label: 'Caisses' },
  { id: 'categories', label: 'Catégories' },
  { id: 'produits', label: 'Produits' },
  { id: 'import', label: 'Import CSV' },
  { id: 'menu', label: 'Formule' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** One event: its details, registers, categories, products (and their import) and meal deal. */
export function EventPage() {
  const api = useBackOfficeApi();
  const eventId = Number(useParams().eventId);
  const event = useLoad(() => api.getEvent(eventId), [api, eventId]);
  const checkouts = useLoad(() => api.listCheckouts(eventId), [api, eventId]);
  const categories = useLoad(() => api.listCategories(eventId), [api, eventId]);
  const [tab, setTab] = useState<Tab>('infos');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (event.error)
    return (
      <section className="bo-page">
        <ErrorLine>{event.error}</ErrorLine>
        <Link to="..">Retour aux événements</Link>
      </section>
    );
  if (!event.data) return <Spinner label="Chargement de l'événement…" />;
  const current = event.data;

  const handleArchive = async () => {
    try {
      await (current.archived ? api.updateEvent(eventId, { archived: false }) : api.archiveEvent(eventId));
      setNotice(current.archived ? 'Événement désarchivé.' : "Événement archivé : il n'apparaît plus dans la caisse.");
      await event.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section className="bo-page">
      <p>
        <Link to="..">← Tous les événements</Link>
      </p>
      <header className="k-page-header bo-page__head">
        <h1>{current.name}</h1>
        {current.archived && <span className="k-badge">Archivé</span>}
      </header>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      <nav className="k-tabs" aria-label="Sections de l'événement">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            className={`k-tabs__link${tab === t.id ? ' active' : ''}`}
            aria-current={tab === t.id ? 'page' : undefined}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {tab === 'infos' && (
        <div className="k-card bo-card">
          <h2>Informations</h2>
          <EventForm
            key={`${current.id}-${current.name}`}
            idPrefix="event"
            submitLabel="Enregistrer"
            initial={{
              name: current.name,
              startsOn: current.startsOn ?? '',
              endsOn: current.endsOn ?? '',
              place: current.place ?? '',
              description: current.description ?? '',
              idleLockMinutes: current.idleLockMinutes === undefined ? '' : String(current.idleLockMinutes),
            }}
            onSubmit={async (values) => {
              await api.updateEvent(eventId, toEventInput(values));
              setNotice('Événement enregistré.');
              await event.reload();
            }}
          />
          <p className="bo-muted">
            {current.hasSales
              ? 'Cet événement a des ventes : il peut être archivé, jamais supprimé.'
              : 'Un événement archivé disparaît de la caisse ; il peut être désarchivé.'}
          </p>
          <Button variant={current.archived ? 'secondary' : 'danger'} onClick={handleArchive}>
            {current.archived ? 'Désarchiver' : "Archiver l'événement"}
          </Button>
        </div>
      )}
      {tab === 'caisses' && <CheckoutsSection eventId={eventId} checkouts={checkouts} />}
      {tab === 'categories' && <CategoriesSection eventId={eventId} categories={categories} />}
      {tab === 'produits' && <ProductsSection eventId={eventId} checkouts={checkouts.data ?? []} categories={categories.data ?? []} />}
      {tab === 'import' && <ProductImport eventId={eventId} onImported={() => void categories.reload()} />}
      {tab === 'menu' && <MealDealSection eventId={eventId} categories={categories.data ?? []} />}
    </section>
  );
}
