/** Error codes of the register back office with their French messages (`{ error, code }`). */
export const MESSAGES = {
  EVENT_NOT_FOUND: 'Événement introuvable.',
  CHECKOUT_NOT_FOUND: 'Caisse introuvable.',
  CATEGORY_NOT_FOUND: 'Catégorie introuvable.',
  PRODUCT_NOT_FOUND: 'Produit introuvable.',
  CATEGORY_UNKNOWN: 'La catégorie choisie n\'existe pas.',
  CATEGORY_OTHER_EVENT: 'La catégorie choisie appartient à un autre événement.',
  CHECKOUT_OTHER_EVENT: 'Une des caisses choisies n\'existe pas ou appartient à un autre événement.',
  CATEGORY_NOT_EDITABLE: 'Cette catégorie est gérée par la tombola ou le panier garni : modifiez-la depuis la tombola.',
  CATEGORY_NOT_EMPTY: 'Cette catégorie contient encore des produits : déplacez-les ou supprimez-les d\'abord.',
  PRICE_INVALID: 'Le champ « price » doit être un montant positif en euros, 2 décimales au plus (ex. 3,50).',
  NAME_EMPTY: 'Le champ « name » ne doit pas être vide.',
  NAME_TAKEN: 'Ce nom est déjà utilisé dans cet événement.',
  EVENT_ID_MISSING: 'Le champ « eventId » est obligatoire.',
  DATES_ORDER: 'La date de fin doit suivre la date de début.',
  EVENT_ARCHIVED: 'Cet événement est archivé : désarchivez-le pour le modifier.',
  PICTURE_MISSING: 'Aucune image reçue : choisissez un fichier PNG, JPEG, WebP ou SVG.',
  PICTURE_TYPE: 'Image refusée : seuls les fichiers PNG, JPEG, WebP et SVG sont acceptés.',
  PICTURE_TOO_LARGE: 'Image trop lourde : 2 Mo au plus.',
  PICTURE_PIXELS: 'Image trop grande : 4 000 × 4 000 pixels au plus.',
  PICTURE_UNREADABLE: 'Image illisible ou endommagée.',
  IMPORT_NOT_CSV: 'Veuillez sélectionner un fichier CSV valide',
  IMPORT_REFUSED: 'Import refusé : corrigez les lignes signalées, rien n\'a été enregistré.',
  MEAL_DEAL_CATEGORY: 'Le menu ne peut utiliser que des catégories de produits de cet événement.',
  MEAL_DEAL_USES_CATEGORY: 'Cette catégorie fait partie du menu : retirez-la du menu d\'abord.',
  MEAL_DEAL_DUPLICATE: 'Une catégorie ne peut figurer qu\'une fois dans le menu.',
  PAIRING_CODE_INVALID: 'Code d\'appairage invalide : 8 ou 9 lettres et chiffres, tels qu\'affichés par le lecteur.',
  READER_NOT_FOUND: 'Lecteur CB inconnu.',
  PAIRING_UNAVAILABLE: 'L\'appairage des lecteurs CB n\'est pas configuré sur ce serveur.',
} as const;

export type ErrorCode = keyof typeof MESSAGES;

/** An error body of the back office. */
export interface ErrorBody { error: string; code?: ErrorCode; details?: Record<string, unknown> }
