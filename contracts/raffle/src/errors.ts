/**
 * Error codes of the raffle domain with their French messages (some name what they are about).
 * Every error body is `{ error, code, details? }`; a client branches on `code`, never on the words.
 * A claim refused because numbers are taken answers `TICKET_TAKEN` (or `BET_TAKEN` when only bet
 * weights are) with `details: { numbers, weights, tickets, bets }`.
 */
export const RAFFLE_ERRORS = {
  RAFFLE_NOT_FOUND: (id?: number) => (id === undefined ? 'Tombola introuvable.' : `Tombola n° ${id} introuvable.`),
  GIFT_BASKET_NOT_FOUND: (id?: number) => (id === undefined ? 'Panier garni introuvable.' : `Panier garni n° ${id} introuvable.`),
  BASKET_TYPE_NOT_FOUND: () => 'Type de panier introuvable.',
  PRIZE_NOT_FOUND: () => 'Lot introuvable.',
  EVENT_NOT_FOUND: () => 'Événement introuvable.',
  CLAIM_NOT_FOUND: () => 'Réservation de tickets introuvable.',
  IMAGE_NOT_FOUND: () => 'Image introuvable.',
  NO_EVENT_KNOWN: () => "Aucun événement n'est encore connu : créez d'abord l'événement dans la caisse.",
  EVENT_REQUIRED: () => "Choisissez l'événement (champ « eventId »).",
  /** A tier line refused (« Ligne 2 : … »): the message names the line and the rule. */
  TIER_INVALID: (message: string) => message,
  /** A prize refused by docs/spec.md §5's rules: the message is the rule's. */
  PRIZE_INVALID: (message: string) => message,
  BASKET_TYPE_INVALID: (message: string) => message,
  BASKET_TYPE_REQUIRED: () => 'Le nom et le prix sont requis.',
  BANNER_TITLE_REQUIRED: () => "Le titre de la bannière est requis pour l'afficher sur la page d'accueil.",
  BANNER_RAFFLE_REQUIRED: () => 'Choisissez la tombola que la bannière annonce.',
  SALES_CLOSED: (raffleName: string) => `La vente des tickets de la tombola « ${raffleName} » est close.`,
  SALES_ALREADY_CLOSED: () => 'La vente des tickets de cette tombola est déjà close.',
  SALES_NOT_CLOSED: () => "Clôturez d'abord la vente des tickets : l'engagement du tirage doit être publié avant le tirage.",
  PROOF_NOT_PUBLISHED: () => "La vente des tickets de cette tombola n'est pas encore close : aucun engagement n'est publié.",
  TICKETS_BEING_SOLD: (held: number) => `${held} ticket(s) sont en cours de vente sur une caisse. Réessayez dans quelques instants.`,
  ALREADY_DRAWN: () => 'Le tirage au sort de cette tombola a déjà été effectué.',
  PRIZES_FROZEN: () => 'La vente des tickets est close : les lots à tirer au sort (rang et quantité) ne peuvent plus changer.',
  TOTAL_TICKETS_FROZEN: () => 'La vente des tickets est close : le nombre total de tickets ne peut plus changer.',
  TIERS_FROZEN: (name: string) =>
    `Des tickets de « ${name} » sont déjà vendus : ses tarifs (nombre de tickets et prix) ne peuvent plus changer.`,
  TOTAL_BELOW_SOLD: (highest: number) =>
    `Le ticket n° ${highest} est déjà vendu ou réservé : le nombre total de tickets ne peut pas descendre en dessous.`,
  RAFFLE_HAS_SALES: (message: string) => message,
  RAFFLE_TICKETS_HELD: (message: string) => message,
  BASKET_WEIGHED: (name: string) => `« ${name} » a déjà été pesé : ce panier ne peut plus être supprimé.`,
  BASKET_HAS_BETS: (name: string) => `Des paris ont déjà été pris sur « ${name} » : ce panier ne peut plus être supprimé.`,
  BETS_BEING_SOLD: () => 'Des paris sur ce panier sont en cours de vente sur une caisse. Réessayez dans quelques instants.',
  BETS_CLOSED: (name: string) => `Les paris sur « ${name} » sont clos : le panier a déjà été pesé.`,
  CLAIM_EMPTY: () => 'La réservation ne contient aucun ticket ni pari.',
  /** A number, a bet or a weight asked twice in one claim. */
  CLAIM_DUPLICATE: (message: string) => message,
  CLAIM_MISMATCH: () => 'Cette réservation existe déjà avec une autre sélection de tickets ou de paris.',
  CLAIM_CONFIRMED: () => 'Cette réservation est déjà confirmée par une vente : elle ne peut plus être libérée.',
  CLAIM_EXPIRED: () => 'Cette réservation de tickets a expiré ou a été libérée : elle ne peut plus être confirmée.',
  TICKET_UNKNOWN: (number: number, raffleName: string, total: number) =>
    `Le numéro ${number} n'existe pas dans la tombola « ${raffleName} » (numéros 1 à ${total}).`,
  BET_TYPE_MISMATCH: (typeId: number, basketId: number) => `Le type de pari n° ${typeId} n'appartient pas au panier garni n° ${basketId}.`,
  /** Raffle numbers already sold or held (details.numbers); the message also names taken weights. */
  TICKET_TAKEN: (message: string) => message,
  /** Only bet weights are taken (details.weights). */
  BET_TAKEN: (message: string) => message,
  NO_IMAGE: () => 'Veuillez sélectionner une image.',
  NOT_AN_IMAGE: () => "Ce fichier n'est pas une image (formats acceptés : PNG, JPEG, GIF ou WebP).",
  IMAGE_TOO_LARGE: () => "L'image dépasse la taille maximale de 2 Mo.",
} as const;

export type RaffleErrorCode = keyof typeof RAFFLE_ERRORS;
export type RaffleErrorArgs<C extends RaffleErrorCode> = Parameters<(typeof RAFFLE_ERRORS)[C]>;

/** The French message of a code. */
export function raffleMessage<C extends RaffleErrorCode>(code: C, ...args: RaffleErrorArgs<C>): string {
  return (RAFFLE_ERRORS[code] as (...a: unknown[]) => string)(...args);
}

/** `details` of a `TICKET_TAKEN` / `BET_TAKEN` answer. */
export interface TakenDetails {
  /** Raffle numbers taken (the register offers others). */
  numbers: number[];
  /** Bet weights taken, in grams. */
  weights: number[];
  tickets: Array<{ raffleId: number; number: number }>;
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>;
}
