/** Identity's error codes and their French messages: `{ error, code }`. */
export const IDENTITY_ERRORS = {
  INVALID_CREDENTIALS: 'Identifiants invalides.',
  EMAIL_TAKEN: 'Un compte existe déjà avec cette adresse e-mail.',
  PERSON_NOT_FOUND: 'Personne introuvable.',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 12 caractères.',
  PASSWORD_TOO_COMMON: 'Ce mot de passe est trop courant : choisissez-en un autre, par exemple une phrase de plusieurs mots.',
  PASSWORD_IS_EMAIL: "Le mot de passe ne doit pas reprendre l'adresse e-mail ou le nom.",
  WRONG_CURRENT_PASSWORD: 'Le mot de passe actuel est incorrect.',
  LINK_INVALID: "Ce lien n'est plus valable : demandez-en un nouveau à un administrateur.",
  LAST_ADMIN: 'Il doit rester au moins un administrateur actif.',
  SETUP_DONE: 'Le premier administrateur existe déjà : connectez-vous.',
  PASSKEY_NOT_FOUND: "Clé d'accès introuvable.",
  PASSKEY_REFUSED: "Clé d'accès refusée : elle n'est pas (ou plus) enregistrée pour un compte actif.",
  PASSKEY_CHALLENGE: 'La demande a expiré : recommencez.',
  PASSKEY_VERIFICATION: "La clé d'accès n'a pas pu être vérifiée.",
  PASSKEY_DUPLICATE: "Cette clé d'accès est déjà enregistrée.",
  API_TOKEN_NOT_FOUND: 'Jeton introuvable.',
  API_TOKEN_ROLES_ABOVE_OWN: 'Un jeton ne peut pas avoir plus de droits que vous : retirez les rôles que vous n’avez pas.',
  SLUG_INVALID:
    'L’adresse de l’association doit faire de 3 à 40 caractères : lettres minuscules sans accent, chiffres et tirets, sans tiret au début ni à la fin.',
  SLUG_RESERVED: 'Cette adresse est réservée par l’hébergement : choisissez-en une autre.',
  SLUG_TAKEN: 'Une association utilise déjà cette adresse.',
  ASSOCIATION_UNKNOWN: 'Association inconnue sur cet hébergement.',
  ASSOCIATION_SUSPENDED: 'Cette association est suspendue par son hébergeur.',
  HOST_CONSOLE_ONLY: 'Cette page n’existe que sur la console de l’hébergeur.',
  // docs/hosting-portability.md: an association's export, import and erase.
  CONFIRM_MISMATCH: "Pour effacer l'association, recopiez exactement son adresse.",
  EXPORT_REQUIRED: "Exportez d'abord les données de l'association : le journal des ventes doit lui être remis avant l'effacement.",
  EXPORT_INVALID: "Archive d'association illisible.",
  EXPORT_NEWER: "Cette exportation vient d'une version plus récente de Kermesse : mettez cette installation à jour avant l'import.",
  EXPORT_IDS_TAKEN: "Des identifiants de l'exportation sont déjà pris dans cette installation : l'import est annulé, rien n'a été écrit.",
} as const;
export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;
