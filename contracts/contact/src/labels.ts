/** The public forms' labels and messages (docs/spec.md §4 and §8), without TypeBox: `@kermesse/contracts-contact/labels`. */
/** docs/spec.md §4 donation types and their labels, in the order the select shows them. */
export const DONATION_TYPES = [
  { value: 'none', label: 'Aucun' },
  { value: 'voucher', label: "Bon d'achat" },
  { value: 'branded_item', label: 'Objet avec marque' },
  { value: 'lending', label: 'Prêt' },
  { value: 'autres', label: 'Autres' },
] as const;
export type DonationType = (typeof DONATION_TYPES)[number]['value'];

/** A donation type's label (the stored value itself when it is no longer known). */
export const donationTypeLabel = (value: string): string => DONATION_TYPES.find((t) => t.value === value)?.label ?? value;

/** docs/spec.md §4: what the partner form shows once the request is sent. */
export const PARTNER_CONFIRMATION = 'Merci, votre demande a été envoyée avec succès !';
/** docs/spec.md §8: the alert of a failed partner request. */
export const PARTNER_ERROR = "Une erreur est survenue lors de l'envoi du formulaire.";
export const CONTACT_CONFIRMATION = 'Merci, votre message a été envoyé à l’association.';
