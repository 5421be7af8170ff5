import type { TierEditorMessages } from './TierEditor';

/** Banners of the raffle tier editor, in French (« Tombola créée », « Tombola mise à jour »). */
export const RAFFLE_TIER_MESSAGES: TierEditorMessages = {
  created: 'Tombola créée avec succès !',
  updated: 'Tombola mise à jour avec succès !',
  loadError: 'Erreur lors du chargement des données',
  saveError: "Erreur lors de l'enregistrement des données",
};

/** Banners of the gift-basket tier editor: created and updated said apart, in French. */
export const GIFT_BASKET_TIER_MESSAGES: TierEditorMessages = {
  created: 'Panier garni créé avec succès !',
  updated: 'Panier garni mis à jour avec succès !',
  loadError: 'Erreur lors du chargement des données',
  saveError: "Erreur lors de l'enregistrement des données",
};
