/**
 * Error codes of the bingo domain with their French messages. Every error body is
 * `{ error, message, code, details? }` (the volunteer screens read `message`, docs/spec.md §7).
 */
import type { CommonErrorCode, ErrorBody } from '@kermesse/contracts-common';

export const BINGO_ERRORS = {
  BINGO_NOT_FOUND: 'Soirée loto introuvable.',
  PRIZE_NOT_FOUND: 'Lot introuvable.',
  EVENT_NOT_FOUND: 'Événement introuvable.',
  NIGHT_EVENT_LOCKED:
    'Des cartons de cette soirée sont déjà vendus à la caisse de son événement : la soirée ne peut plus changer d’événement.',
  SEAT_NOT_FOUND: "Ce siège n'existe pas dans le plan de salle.",
  SEAT_TAKEN: 'Ce siège vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.',
  SEATS_TAKEN: 'Certains de ces sièges sont déjà réservés : aucun n’a été réservé.',
  SEAT_FREE: "Ce siège n'est pas réservé.",
  PLAN_SEAT_RESERVED: 'Le plan ne peut pas supprimer un siège déjà réservé : libérez-le d’abord.',
  NAME_REQUIRED: 'Le champ « name » ne doit pas être vide.',
  PACK_PRICE_TOO_HIGH:
    'Le prix d’un carton d’un lot doit être inférieur à 20 € (loto traditionnel, article L322-4 du Code de la sécurité intérieure).',
  PACK_TWICE: 'Deux lots de cartons ont le même nombre de cartons.',
  CARTON_PRICE_TOO_HIGH:
    'Le prix du carton doit être inférieur à 20 € (loto traditionnel, article L322-4 du Code de la sécurité intérieure).',
  CASH_PRIZE: 'Un lot en espèces est interdit au loto traditionnel : proposez un lot en nature ou un bon d’achat non remboursable.',
  BALL_ALREADY_DRAWN: 'Cette boule est déjà sortie.',
  NO_BALL_LEFT: 'Les 90 boules sont déjà sorties.',
  NO_BALL_TO_UNDO: 'Aucune boule à annuler.',
  GAME_PAUSED: 'Le jeu est en pause pour une vérification : reprenez avant de saisir une boule.',
  NO_NEXT_PARTIE: "C'était la dernière partie de la soirée.",
  CARTON_NOT_FOUND: 'Carton introuvable pour cette soirée.',
  CARTON_CHECK_DIGIT: 'Clé de contrôle incorrecte : vérifiez le numéro du carton.',
  CARTON_TAKEN: 'Ce carton vient d’être vendu par une autre caisse : rendez-le et donnez-en un autre.',
  CARTONS_TAKEN: 'Ces cartons viennent d’être vendus par une autre caisse : rendez-les et donnez-en d’autres.',
  CARTON_UNKNOWN: "Ce numéro de carton n'existe pas pour cette soirée.",
  CARTON_SALES_CLOSED: 'La vente des cartons de cette soirée est fermée.',
  CARTON_TWICE: 'Un même carton est saisi deux fois.',
  CLAIM_MISMATCH: 'Cette réservation de cartons existe déjà avec d’autres cartons.',
  NOT_A_CALLER: "Vous n'êtes pas désigné comme animateur de cette soirée.",
  /** `details.field` names the field; the message is `bingoMessage('INVALID_AMOUNT', { field })`. */
  INVALID_AMOUNT: 'Le champ « {field} » doit être un montant en euros (ex. 30,50).',
  SEAT_TWICE: 'Le champ « seats » cite deux fois le même siège.',
  CARTON_LISTED_TWICE: 'Le champ « cartons » cite deux fois le même carton.',
  LABEL_REQUIRED: 'Le champ « label » ne doit pas être vide.',
  NUMBER_REQUIRED: 'Le champ « number » est obligatoire (ou « draw » pour tirer une boule).',
} as const;

export type BingoErrorCode = keyof typeof BINGO_ERRORS;

/** The message of a code with its `{placeholders}` filled in. */
export function bingoMessage(code: BingoErrorCode, values: Record<string, string | number> = {}): string {
  return BINGO_ERRORS[code].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** An error body of the bingo service: the client branches on `code`, never on the words. */
export type BingoErrorBody = ErrorBody<BingoErrorCode | CommonErrorCode>;
