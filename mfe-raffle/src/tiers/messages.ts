import type { TierEditorMessages } from './TierEditor';

/** SPEC §8 banners of the raffle tier editor. */
export const RAFFLE_TIER_MESSAGES: TierEditorMessages = {
  created: 'Raffle créé avec succès !',
  updated: 'Raffle mis à jour avec succès !',
  loadError: 'Erreur lors du chargement des données',
  saveError: "Erreur lors de l'enregistrement des données",
};

/** SPEC §8 banners of the gift-basket tier editor. */
export const GIFT_BASKET_TIER_MESSAGES: TierEditorMessages = {
  created: 'Gift Basket créé/mis à jour avec succès !',
  updated: 'Gift Basket créé/mis à jour avec succès !',
  loadError: 'Erreur lors du chargement des données',
  saveError: "Erreur lors de l'enregistrement des données",
};
