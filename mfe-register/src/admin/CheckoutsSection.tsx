import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { AdminCheckout } from './api/backOfficeApi';
import { NameList } from './NameList';

/** The registers of an event: create, rename, archive (and bring back). */
export function CheckoutsSection({
  eventId,
  checkouts,
}: {
  eventId: number;
  checkouts: { data: AdminCheckout[] | undefined; reload: () => Promise<void> };
}) {
  const api = useBackOfficeApi();
  return (
    <NameList
      title="Caisses"
      idPrefix="checkout"
      fieldLabel="Nom de la caisse"
      addLabel="Ajouter la caisse"
      items={(checkouts.data ?? []).map((c) => ({ id: c.id, name: c.name, archived: c.archived }))}
      removeLabel={(item) => (item.archived ? 'Désarchiver' : 'Archiver')}
      onAdd={async (name) => {
        await api.createCheckout(eventId, name);
        await checkouts.reload();
      }}
      onRename={async (item, name) => {
        await api.updateCheckout(item.id, { name });
        await checkouts.reload();
      }}
      onRemove={async (item) => {
        await api.updateCheckout(item.id, { archived: !item.archived });
        await checkouts.reload();
      }}
    />
  );
}
