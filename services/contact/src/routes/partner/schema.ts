/** SPEC §3 « Partner request », as the public form « Devenez partenaire solidaire » sends it. */
export interface PartnerRequestBody {
  entreprise: string;
  contact: string;
  email: string;
  telephone?: string;
  code_postal?: string;
  ville?: string;
  siteweb?: string;
  /** SPEC §4 donation types: none ('Aucun'), voucher, branded_item, lending, autres. */
  typeDon?: 'none' | 'voucher' | 'branded_item' | 'lending' | 'autres';
  message?: string;
}

export const DONATION_TYPE_LABELS: Record<string, string> = {
  none: 'Aucun',
  voucher: "Bon d'achat",
  branded_item: 'Objet avec marque',
  lending: 'Prêt',
  autres: 'Autres',
};

export const partnerRequestSchema = {
  type: 'object',
  required: ['entreprise', 'contact', 'email'],
  properties: {
    entreprise: { type: 'string', minLength: 1, maxLength: 200 },
    contact: { type: 'string', minLength: 1, maxLength: 200 },
    email: { type: 'string', maxLength: 254, format: 'email' },
    telephone: { type: 'string', maxLength: 30, pattern: '^(|[0-9+ .()-]{6,30})$' },
    code_postal: { type: 'string', maxLength: 10 },
    ville: { type: 'string', maxLength: 100 },
    siteweb: { type: 'string', maxLength: 300 },
    typeDon: { type: 'string', enum: ['none', 'voucher', 'branded_item', 'lending', 'autres'] },
    message: { type: 'string', maxLength: 5000 },
  },
  additionalProperties: false,
} as const;
