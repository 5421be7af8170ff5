/**
 * Error codes of the swap-meet domain with their French messages (docs/spec.md §5, §8). Every error body
 * is `{ error, code, details? }`; the client branches on `code`, never on the message.
 */
export const SWAPMEET_ERRORS = {
  /** docs/spec.md §8: the importer was given no swap-meet. */
  NO_SWAPMEET: 'Identifiant du vide-grenier introuvable',
  SWAPMEET_NOT_FOUND: 'Vide-grenier introuvable.',
  INVALID_SWAPMEET_ID: 'Le champ « swapmeet_id » doit être de type entier.',
  /** docs/spec.md §5: no file sent. */
  NO_FILE: 'Veuillez sélectionner un fichier CSV',
  NOT_CSV: 'Veuillez sélectionner un fichier CSV valide',
  UNKNOWN_FORMAT: "Format d'import inconnu : seul le format « custom » est accepté.",
  NAME_REQUIRED: 'Le champ « name » ne doit pas être vide.',
  /** A real import with errors in its file: nothing written (422, the import result beside, its `message` as `error`). */
  IMPORT_REJECTED: "Des erreurs dans le fichier : aucune réservation n'a été importée.",
} as const;

export type SwapmeetErrorCode = keyof typeof SWAPMEET_ERRORS;
