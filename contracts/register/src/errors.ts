/**
 * Error codes of the register domain with their French messages (`{ error, code, details? }`):
 * the back office, then the cash register. `{name}` marks a value the service fills in
 * (`messageOf`); the client branches on `code` and reads `details`, never the words.
 */
import type { ErrorBody as CommonErrorBody } from '@kermesse/contracts-common';
// Only types from schema modules: this file reaches the browser, which must not carry TypeBox.
import type { TakenDetails } from './sales.ts';

export const MESSAGES = {
  EVENT_NOT_FOUND: 'Événement introuvable.',
  CHECKOUT_NOT_FOUND: 'Caisse introuvable.',
  CATEGORY_NOT_FOUND: 'Catégorie introuvable.',
  PRODUCT_NOT_FOUND: 'Produit introuvable.',
  CATEGORY_UNKNOWN: "La catégorie choisie n'existe pas.",
  CATEGORY_OTHER_EVENT: 'La catégorie choisie appartient à un autre événement.',
  CHECKOUT_OTHER_EVENT: "Une des caisses choisies n'existe pas ou appartient à un autre événement.",
  CATEGORY_NOT_EDITABLE: 'Cette catégorie est gérée par la tombola ou le panier garni : modifiez-la depuis la tombola.',
  CATEGORY_NOT_EMPTY: "Cette catégorie contient encore des produits : déplacez-les ou supprimez-les d'abord.",
  PRICE_INVALID: 'Le champ « price » doit être un montant positif en euros, 2 décimales au plus (ex. 3,50).',
  NAME_EMPTY: 'Le champ « name » ne doit pas être vide.',
  RAFFLE_NAME_EMPTY: 'Le champ « raffleName » (nom de la tombola recopiée) ne doit pas être vide.',
  NAME_TAKEN: 'Ce nom est déjà utilisé dans cet événement.',
  EAN_INVALID: "Le code-barres « {ean} » n'est pas un EAN valide : 8 ou 13 chiffres (12 pour un UPC), le dernier étant la clé de contrôle.",
  EAN_TAKEN: 'Le code-barres {ean} est déjà celui du produit « {name} » dans cet événement.',
  BARCODE_UNKNOWN: 'Aucun produit de cette caisse ne porte le code-barres {code}.',
  EVENT_ID_MISSING: 'Le champ « eventId » est obligatoire.',
  DATES_ORDER: 'La date de fin doit suivre la date de début.',
  EVENT_ARCHIVED: 'Cet événement est archivé : désarchivez-le pour le modifier.',
  PICTURE_MISSING: 'Aucune image reçue : choisissez un fichier PNG, JPEG, WebP ou SVG.',
  PICTURE_TYPE: 'Image refusée : seuls les fichiers PNG, JPEG, WebP et SVG sont acceptés.',
  PICTURE_TOO_LARGE: 'Image trop lourde : 2 Mo au plus.',
  PICTURE_PIXELS: 'Image trop grande : 4 000 × 4 000 pixels au plus.',
  PICTURE_UNREADABLE: 'Image illisible ou endommagée.',
  IMPORT_NOT_CSV: 'Veuillez sélectionner un fichier CSV valide',
  /** A real import with bad lines (or a file without the needed columns): nothing written (422, the import result beside). */
  IMPORT_REJECTED: "Import refusé : corrigez les lignes signalées, rien n'a été enregistré.",
  MEAL_DEAL_CATEGORY: 'La formule ne peut utiliser que des catégories de produits de cet événement.',
  MEAL_DEAL_USES_CATEGORY: "Cette catégorie fait partie de la formule : retirez-la de la formule d'abord.",
  MEAL_DEAL_DUPLICATE: "Une catégorie ne peut figurer qu'une fois dans la formule.",
  PAIRING_CODE_INVALID: "Code d'appairage invalide : 8 ou 9 lettres et chiffres, tels qu'affichés par le lecteur.",
  READER_NOT_FOUND: 'Lecteur CB inconnu.',
  PAIRING_UNAVAILABLE: "L'appairage des lecteurs CB n'est pas configuré sur ce serveur.",
  // ── The cash register (sales, buyers, card payments; docs/spec.md §5 and §8 wording) ──
  SALE_NOT_FOUND: 'Vente introuvable.',
  ARCHIVE_NOT_FOUND: 'Archive introuvable.',
  ARCHIVE_PERIOD: "La période de l'archive est invalide : donnez deux dates (AAAA-MM-JJ), la première ne suivant pas la seconde.",
  CHECKOUT_NOT_IN_EVENT: "Cette caisse n'appartient pas à cet événement.",
  EVENT_CLOSED_FOR_SALES: "Cet événement est archivé : il n'accepte plus de ventes.",
  CHECKOUT_ARCHIVED: 'Cette caisse est archivée.',
  CART_EMPTY: 'Le panier est vide.',
  QUANTITY_RANGE: 'La quantité doit être comprise entre {min} et {max}.',
  DONATION_INVALID: 'Le montant du don doit être supérieur à 0 € (2 décimales au plus).',
  DONATION_TOO_LARGE: 'Le montant du don ne peut dépasser {max}.',
  PRODUCT_NOT_ON_SALE: "Le produit {name}(n° {productId}) n'est pas en vente à cette caisse.",
  RAFFLE_CLOSED: "La tombola du produit « {name} » n'est plus en vente.",
  GIFT_BASKET_CLOSED: "Le panier garni du produit « {name} » n'est plus en vente.",
  BINGO_CLOSED: 'Les cartons du produit « {name} » ne sont plus en vente.',
  TWO_RAFFLES: "Une vente ne peut contenir les tickets que d'une seule tombola.",
  TWO_GIFT_BASKETS: "Une vente ne peut contenir les paris que d'un seul panier garni.",
  TWO_BINGOS: "Une vente ne peut contenir les cartons que d'une seule soirée loto.",
  RAFFLE_MISMATCH: 'Les tickets choisis ne sont pas ceux de la tombola du panier.',
  GIFT_BASKET_MISMATCH: 'Les paris saisis ne sont pas ceux du panier garni du panier.',
  BINGO_MISMATCH: 'Les cartons saisis ne sont pas ceux de la soirée loto du panier.',
  BUYER_REQUIRED: 'Identifier/Créer une personne pour ce panier',
  BUYER_NOT_FOUND: 'Acheteur introuvable : identifiez-le à nouveau.',
  NO_TICKETS: 'Aucune selection de tickets',
  TICKETS_TOO_MANY: 'Vous pouvez sélectionner un maximum de {allowed} tickets.',
  TICKETS_TOO_FEW: 'Sélectionnez {allowed} tickets : {count} sélectionné(s).',
  TICKET_TWICE: 'Le ticket n° {number} est sélectionné deux fois.',
  TICKET_UNKNOWN: "Le ticket n° {number} n'existe pas dans cette tombola (1 à {total}).",
  TICKETS_WITHOUT_RAFFLE: "Des numéros de tombola sont choisis mais aucun ticket de tombola n'est dans le panier.",
  NO_BETS: 'Aucun vote effectué',
  BETS_TOO_MANY: 'Vous pouvez faire au maximum {allowed} paris.',
  BET_TWICE: 'Ce pari a déjà été sélectionné.',
  BET_TYPE_UNKNOWN: 'Type de pari inconnu pour ce panier garni.',
  BETS_WITHOUT_BASKET: "Des paris sont saisis mais aucun ticket de pari n'est dans le panier.",
  NO_CARTONS: 'Aucun carton saisi : saisissez les numéros des cartons remis.',
  CARTONS_TOO_MANY: 'Vous pouvez saisir au maximum {allowed} carton(s) : {count} saisi(s).',
  CARTONS_TOO_FEW: 'Saisissez les numéros des {allowed} cartons remis : {count} saisi(s).',
  CARTON_TWICE: 'Le carton n° {number} est saisi deux fois.',
  CARTON_UNKNOWN: "Le carton n° {number} n'existe pas pour cette soirée (1 à {total}).",
  CARTONS_WITHOUT_BINGO: "Des numéros de cartons sont saisis mais aucun carton de loto n'est dans le panier.",
  CARTONS_NOT_A_LIST: 'Le champ « cartons » doit être une liste de numéros de cartons.',
  CARTONS_LIMIT: 'Une vente ne peut contenir plus de {max} cartons.',
  CARTON_NOT_A_NUMBER: 'Les numéros de cartons sont des nombres entiers (ex. 12).',
  /** Raffle numbers sold meanwhile by another register: `details.numbers` (and `details.weights` of bets). */
  TICKET_TAKEN: "Ces numéros de tombola ont déjà été vendus. Choisissez-en d'autres.",
  /** Bet weights chosen meanwhile by another register: `details.weights`. */
  BET_TAKEN: "Ces paris ont déjà été vendus. Choisissez-en d'autres.",
  /** Loto cartons sold meanwhile (the bingo service's code, passed on with its `details`). */
  CARTON_TAKEN: "Ces cartons ont déjà été vendus. Rendez-les et donnez-en d'autres.",
  RAFFLE_UNAVAILABLE: 'Le service de tombola ne répond pas : les tickets et paris ne peuvent pas être vendus pour le moment.',
  BINGO_UNAVAILABLE: 'Le service du loto ne répond pas : les cartons ne peuvent pas être vendus pour le moment.',
  STAFF_NOT_FOUND: "Compte introuvable : aucun membre de l'équipe n'a cet identifiant.",
  IDENTITY_UNAVAILABLE: 'Le service des comptes ne répond pas : réessayez dans un instant.',
  /** `details.totalCents`. */
  AMOUNT_INSUFFICIENT: 'Montant insuffisant. Vous devez fournir au moins {total}.',
  CASH_NOT_A_NUMBER: "Le montant donné en espèces n'est pas un nombre : saisissez par exemple 20 ou 20,50.",
  SMS_PHONE_INVALID: 'Merci de saisir un numéro de téléphone valide (10 chiffres).',
  RECEIPT_EMAIL_INVALID: 'Merci de saisir une adresse e-mail valide pour le reçu.',
  CARD_REFERENCE_MISSING: 'Le paiement CB doit indiquer le code de la transaction du terminal.',
  CARD_TRANSACTION_UNKNOWN: 'Transaction CB inconnue : le paiement par carte passe par le terminal.',
  CARD_NOT_CONFIRMED: "Le paiement CB n'est pas confirmé par le terminal.",
  CARD_PENDING_NOT_CONFIRMED: 'Le paiement par carte passe par le lecteur CB : indiquez une transaction réussie du terminal.',
  CARD_ALREADY_USED: 'Ce paiement CB a déjà servi pour une autre vente.',
  /** `details.paidCents`, `details.totalCents`. */
  CARD_AMOUNT_MISMATCH: 'Le montant payé par carte ({paid}) ne correspond pas au total de la vente ({total}).',
  CARD_PAYMENT_MISMATCH: 'Le montant payé par carte ({paid}) ne correspond pas au paiement saisi ({total}).',
  SALE_NOT_PENDING: "Cette vente n'est pas en attente de règlement.",
  SALE_ALREADY_SETTLED: 'Cette vente est déjà réglée.',
  PAYMENT_AMOUNT_INVALID: 'Le montant du paiement doit être supérieur à 0 € (2 décimales au plus).',
  /** `details.amountCents`, `details.remainingCents`. */
  PAYMENT_TOO_MUCH: 'Le montant saisi ({amount}) dépasse le reste à payer ({remaining}).',
  CARD_AMOUNT_INVALID: "Le montant doit être un nombre d'euros positif avec 2 décimales au plus.",
  CARD_PAYMENT_NOT_FOUND: 'Paiement CB introuvable.',
  CARD_PAYMENT_AMOUNT: 'Le montant ne correspond pas au paiement CB préparé.',
  READER_UNKNOWN: 'Lecteur CB inconnu : choisissez un autre lecteur.',
  READER_NOT_PAIRED: "Ce lecteur CB n'est pas appairé : choisissez un autre lecteur.",
  TRANSACTION_NOT_FOUND: 'Transaction CB inconnue.',
  SIMULATOR_INACTIVE: "Le simulateur de paiement CB n'est pas actif.",
  NAMES_REQUIRED: 'Le prénom et le nom sont obligatoires.',
  PERSON_NOT_FOUND: 'Aucune personne ne correspond à cet e-mail ou ce téléphone.',
  CONTACT_REQUIRED: 'Saisissez un e-mail ou un numéro de téléphone.',
  PHONE_INVALID: "Le numéro de téléphone n'est pas valide.",
  EMAIL_INVALID: "L'adresse e-mail n'est pas valide.",
  PERSON_EXISTS: 'Une personne avec cet e-mail existe déjà : identifiez-la.',
  PRODUCT_OTHER_EVENT: 'Ce produit appartient à un autre événement que cette caisse.',
  IMAGE_NOT_FOUND: 'Image introuvable.',
  // ── Idempotency-Key (a retried sale, payment, refund or receipt; services/register/API.md) ──
  /** 400: the header is empty, too long (255 at most) or has characters other than printable ASCII. */
  IDEMPOTENCY_KEY_INVALID: "L'en-tête Idempotency-Key doit contenir de 1 à 255 caractères imprimables.",
  /** 409: the first request with this key still runs; the same key may be sent again in a moment. */
  IDEMPOTENCY_IN_PROGRESS: 'Cette demande est déjà en cours de traitement. Patientez un instant.',
  /** 422: the key already served for another request (another body or endpoint): send a new key. */
  IDEMPOTENCY_KEY_REUSED: 'Cette clé Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé.',
} as const;

export type ErrorCode = keyof typeof MESSAGES;

/** An error body of the register domain (the shape every service answers). */
export type ErrorBody = CommonErrorBody<ErrorCode>;

/** A message with its `{name}` placeholders filled (« Vous pouvez sélectionner un maximum de 3 tickets. »). */
export function messageOf(code: ErrorCode, params: Record<string, unknown> = {}): string {
  return MESSAGES[code].replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** The taken numbers and weights of an error body; empty lists when it names none. */
export function takenOf(body: unknown): TakenDetails {
  const details = (body as { details?: { numbers?: unknown; weights?: unknown } } | null | undefined)?.details;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter(Number.isFinite) : []);
  return { numbers: list(details?.numbers), weights: list(details?.weights) };
}
