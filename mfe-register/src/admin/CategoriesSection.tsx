import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { AdminCategory } from './api/backOfficeApi';
import { NameList } from './NameList';

/** The product categories of an event (raffle and gift-basket ones are shown, managed by the raffle). */
export function CategoriesSection({
  eventId,
  categories,
}: {
  eventId: number;
  categories: { data: AdminCategory[] | undefined; reload: () => Promise<void> };
}) {
  const api = useBackOfficeApi();
  return (
    <NameList
      title="Catégories"
      idPrefix="category"
      fieldLabel="Nom de la catégorie"
      addLabel="Ajouter la catégorie"
      items={(categories.data ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        note: c.kind === 'product' ? `${c.productCount} produit${c.productCount > 1 ? 's' : ''}` : 'gérée par la tombola',
      }))}
      readOnly={(item) => categories.data?.find((c) => c.id === item.id)?.kind !== 'product'}
      removeLabel={() => 'Supprimer'}
      onAdd={async (name) => {
        await api.createCategory(eventId, name);
        await categories.reload();
      }}
      onRename={async (item, name) => {
        await api.updateCategory(item.id, { name });
        await categories.reload();
      }}
      onRemove={async (item) => {
        await api.deleteCategory(item.id);
        await categories.reload();
      }}
    />
  );
}
