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
  /** Donations and tax receipts (docs/tax-receipts.md). */
  RECEIPTS_NOT_ALLOWED: '{reason}',
  DONATION_NOT_FOUND: 'Don introuvable.',
  DONOR_NOT_FOUND: 'Donateur introuvable.',
  RECEIPT_NOT_FOUND: 'Reçu introuvable.',
  DONATION_ALREADY_RECEIPTED:
    "Ce don figure déjà sur le reçu n° {number} : annulez ce reçu avant d'en établir un autre ou de modifier le don.",
  DONATION_WITHOUT_DONOR: "Ce don n'a pas de donateur : choisissez ou ajoutez le donateur avant d'établir le reçu.",
  DONOR_ADDRESS_MISSING: "L'adresse du donateur figure sur le reçu : complétez sa fiche (adresse, code postal et ville).",
  DONOR_SIREN_MISSING: "Le reçu d'une entreprise indique son SIREN : complétez sa fiche (9 chiffres).",
  NOTHING_TO_RECEIPT: 'Aucun don de {year} sans reçu pour ce donateur.',
  NO_ELIGIBLE_AMOUNT: 'Ce don ne donne droit à aucun reçu : la contrepartie reçue vaut autant que le don.',
  RECEIPT_ALREADY_CANCELLED: 'Le reçu n° {number} est déjà annulé.',
  COUNTERPART_TOO_HIGH: 'La contrepartie ne peut pas dépasser le montant du don.',
  DONATIONS_CSV_INVALID: "Le fichier des dons n'a pas été importé : {count} erreur(s).",
  /** Memberships (docs/memberships.md). */
  MEMBERSHIP_TYPE_NOT_FOUND: "Type d'adhésion introuvable.",
  MEMBERSHIP_TYPE_EXISTS: "Le type d'adhésion « {name} » existe déjà pour {year}.",
  MEMBER_NOT_FOUND: 'Adhérent introuvable.',
  MEMBER_CONSENT_REQUIRED:
    "L'adhérent doit accepter que l'association conserve ses coordonnées (case « consentement ») : sans cela, l'adhésion n'est pas enregistrée.",
  MEMBER_AMOUNT_REQUIRED: "Ce type d'adhésion est à prix libre : indiquez le montant versé (par exemple 15,00).",
  MEMBER_ALREADY_RENEWED: 'Cette personne est déjà adhérente en {year}.',
  PERSON_ERASED: 'Les données de cette personne ont été effacées à sa demande.',
  /** HelloAsso (docs/helloasso.md). */
  HELLOASSO_NOT_CONFIGURED:
    "Renseignez d'abord le compte HelloAsso de l'association : l'identifiant de l'organisation, le client id et le secret de l'API.",
  HELLOASSO_REFUSED:
    'HelloAsso a refusé les identifiants : vérifiez le client id et le secret dans « Mon compte › Intégrations et API » sur HelloAsso.',
  HELLOASSO_FORM_NOT_FOUND:
    'HelloAsso ne connaît pas le formulaire « {formSlug} » ({formType}) de cette organisation : vérifiez son type et son adresse.',
  HELLOASSO_UNAVAILABLE: 'HelloAsso ne répond pas pour le moment : réessayez dans quelques minutes.',
  HELLOASSO_NOTIFICATION_UNKNOWN:
    "Adresse de notification inconnue : copiez celle qu'affiche l'écran « HelloAsso » de Kermesse dans le back-office HelloAsso.",
  HELLOASSO_NOTIFICATION_INVALID: 'Notification HelloAsso incomplète : {reason}.',
  /** The bank (docs/bank.md). */
  BANK_FILE_INVALID: "Le relevé bancaire n'a pas été importé : {count} erreur(s).",
  BANK_LINE_NOT_FOUND: 'Ligne de relevé introuvable.',
  BANK_ENTRY_NOT_FOUND: 'Écriture introuvable, ou elle ne touche pas le compte 512 Banque.',
  BANK_AMOUNT_MISMATCH: "L'écriture ({entry}) n'a pas le montant de la ligne du relevé ({line}) : elles ne peuvent pas être rapprochées.",
  BANK_LINE_ALREADY_MATCHED: "Cette ligne du relevé est déjà rapprochée : annulez d'abord ce rapprochement.",
  BANK_ENTRY_ALREADY_MATCHED: "Cette écriture est déjà rapprochée d'une autre ligne du relevé.",
  BANK_DEPOSIT_NOT_CREDIT: "Une remise apporte de l'argent à la banque : choisissez une ligne au crédit du relevé.",
  BANK_LAYOUT_NEEDED:
    'Plusieurs colonnes du relevé peuvent être la date, le libellé ou le montant : choisissez-les une fois, elles seront gardées pour le compte {account}.',
  CHEQUE_SLIP_EMPTY: 'Aucun chèque à remettre : les chèques des ventes sont déjà tous sur un bordereau.',
  CHEQUE_NOT_AVAILABLE:
    "Le chèque de la vente {reference} n'est plus à remettre : il est déjà sur un bordereau. Rechargez la liste des chèques.",
  CHEQUE_SLIP_NOT_FOUND: 'Bordereau de remise de chèques introuvable.',
  SUMUP_NOT_CONFIGURED:
    "Les versements SumUp se lisent avec la clé API des lecteurs de cartes : le serveur n'a pas de compte SumUp (CARD_PROVIDER=sumup, SUMUP_API_KEY, SUMUP_MERCHANT_CODE).",
  SUMUP_UNAVAILABLE: 'SumUp ne répond pas pour le moment : réessayez dans quelques minutes.',
  SUMUP_REFUSED: 'SumUp refuse la clé API configurée (SUMUP_API_KEY) : vérifiez-la dans les réglages du serveur.',
  BANK_ACCOUNT_UNKNOWN: "Le compte {account} n'est pas un compte bancaire de l'association : ajoutez-le d'abord (« Comptes bancaires »).",
} as const;

export type AccountingErrorCode = keyof typeof ACCOUNTING_MESSAGES;

/** The message of a code with its `{placeholders}` filled in. */
export function accountingMessage(code: AccountingErrorCode, values: Record<string, string | number> = {}): string {
  return ACCOUNTING_MESSAGES[code].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** An error body of the accounting service: the client branches on `code`, never on the words. */
export type AccountingErrorBody = ErrorBody<AccountingErrorCode | CommonErrorCode>;
