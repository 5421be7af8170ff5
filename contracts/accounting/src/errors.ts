/** Accounting's error codes and their French messages (docs/spec.md §8 for the screens' wording). */
import type { CommonErrorCode, ErrorBody } from '@kermesse/contracts-common';

export const ACCOUNTING_MESSAGES = {
  /** docs/spec.md §8: what the screens show when a report or a list cannot be loaded. */
  LOAD_FAILED: 'Erreur lors de la récupération des données',
  LOAD_FOR_EDIT_FAILED: "Erreur lors de la récupération des données pour l'édition",
  SAVE_FAILED: "Erreur lors de l'ajout ou de la mise à jour de l'exercice comptable",
  IMPORT_UNEXPECTED: 'Import effectué mais réponse inattendue',
  IMPORT_FAILED: "Erreur lors de l'import",
  TRIAL_BALANCE_NOT_FOUND: 'Balance introuvable.',
  TRIAL_BALANCE_LOCKED: 'Cette balance est verrouillée : elle ne peut plus être modifiée, importée ni supprimée.',
  YEAR_LOCKED: "L'exercice {year} est clôturé : aucune écriture ne peut plus y être ajoutée ni modifiée.",
  YEAR_ALREADY_LOCKED: "L'exercice {year} est déjà clôturé.",
  CSV_EMPTY: "Les données CSV de la balance sont vides : collez ou choisissez le fichier de la balance avant d'importer.",
  CSV_INVALID: "Le fichier de la balance n'a pas été importé : {count} erreur(s).",
  EVENT_NOT_FOUND: 'Événement introuvable.',
  ACCOUNT_INVALID: 'Le champ « {field} » doit être un numéro de compte du plan comptable (chiffres, par exemple 707).',
  AMOUNT_INVALID: 'Le champ « {field} » doit être un montant en euros (par exemple 30,50).',
} as const;

export type AccountingErrorCode = keyof typeof ACCOUNTING_MESSAGES;

/** The message of a code with its `{placeholders}` filled in. */
export function accountingMessage(code: AccountingErrorCode, values: Record<string, string | number> = {}): string {
  return ACCOUNTING_MESSAGES[code].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** An error body of the accounting service: the client branches on `code`, never on the words. */
export type AccountingErrorBody = ErrorBody<AccountingErrorCode | CommonErrorCode>;
