import { useEffect, useState } from 'react';
import { ApiError, Banner, Button, dateTimeFormat, ErrorLine, NETWORK_ERROR_MESSAGE, Spinner } from '@kermesse/ui-kit';
import { contactApi } from '../api/contact';
import type { InboxItem } from '@kermesse/contracts-contact';

const dateTime = dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** « Messages » (admins): partner requests and contact messages, new or handled. */
export function InboxPage() {
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    contactApi.inbox().then(setItems, (caught: unknown) => setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE));
  }, []);

  const handleToggle = async (item: InboxItem) => {
    const status = item.status === 'new' ? 'handled' : 'new';
    try {
      await contactApi.setStatus(item, status);
      setItems((list) => list?.map((i) => (i.kind === item.kind && i.id === item.id ? { ...i, status } : i)) ?? null);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    }
  };

  return (
    <section className="shell-page">
      <h1>Messages</h1>
      <p className="shell-hint">Demandes « Devenez partenaire solidaire » et messages du formulaire de contact.</p>
      {error && <ErrorLine>{error}</ErrorLine>}
      {!items && !error && <Spinner />}
      {items?.length === 0 && <Banner tone="success">Aucun message pour le moment.</Banner>}
      {items && items.length > 0 && (
        <div className="shell-people">
          {items.map((item) => (
            <article key={`${item.kind}-${item.id}`} className="k-card shell-person" aria-labelledby={`inbox-${item.kind}-${item.id}`}>
              <header className="shell-person__header">
                <h2 id={`inbox-${item.kind}-${item.id}`}>{item.kind === 'partner' ? `Partenariat : ${item.title}` : item.title}</h2>
                <span className={item.status === 'new' ? 'shell-tag shell-tag--off' : 'shell-tag'}>
                  {item.status === 'new' ? 'Nouveau' : 'Traité'}
                </span>
              </header>
              <p className="shell-person__meta">
                {item.author && <>{item.author} — </>}
                <a href={`mailto:${item.email}`}>{item.email}</a> — {dateTime.format(new Date(item.createdAt))}
              </p>
              {Object.entries(item.details).map(([label, value]) => (
                <p key={label} className="shell-person__meta">
                  {label} : {value}
                </p>
              ))}
              <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.message || '(aucun message)'}</p>
              <div className="shell-actions">
                <Button variant="secondary" onClick={() => handleToggle(item)}>
                  {item.status === 'new' ? 'Marquer comme traité' : 'Marquer comme nouveau'}
                </Button>
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
