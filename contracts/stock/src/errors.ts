/**
 * Error codes of the stock domain with their French messages (docs/spec.md §5, §8). Every error body is
 * `{ error, code, details? }`; the client branches on `code`, never on the message.
 */
export const STOCK_ERRORS = {
  EVENT_NOT_FOUND: 'Événement introuvable.',
  NO_EVENT: "Aucun événement n'est encore connu du stock : créez d'abord un événement dans la caisse.",
  PRODUCT_NOT_FOUND: 'Produit introuvable.',
  NO_FILE: 'Veuillez sélectionner un fichier à importer',
  NOT_CSV: 'Veuillez sélectionner un fichier CSV valide',
  INVALID_EVENT_ID: 'Le champ « event_id » doit être de type entier.',
  /** The note is longer than MAX_NOTE_LENGTH: see `noteTooLongMessage`. */
  NOTE_TOO_LONG: 'Le champ « global_note » est trop long.',
  /** The note starts like a spreadsheet formula: see `noteFormulaMessage`. */
  NOTE_FORMULA: 'Le champ « global_note » commence par une formule.',
  /** A real import with errors in its file: nothing written (422, the import result beside). */
  IMPORT_REJECTED: "L'import contient des erreurs : rien n'a été importé. Corrigez le fichier puis relancez le test.",
} as const;

export type StockErrorCode = keyof typeof STOCK_ERRORS;

/** The exact sentences of the codes whose message names a number or a character. */
export const noteTooLongMessage = (max: number) => `Le champ « global_note » ne doit pas dépasser ${max} caractères.`;
export const noteFormulaMessage = (note: string) =>
  `Le champ « global_note » commence par « ${note[0]} » : les formules ne sont pas acceptées.`;
export const importRejectedMessage = (errors: number) =>
  `L'import contient ${errors} erreur(s) : rien n'a été importé. Corrigez le fichier puis relancez le test.`;
