import type { Db, Trx } from '@kermesse/kit/db';
import type { PartnerRequestBody } from '@kermesse/contracts-contact';

export interface PartnerRequestRow {
  id: number;
  entreprise: string;
  contact: string;
  email: string;
  telephone: string | null;
  code_postal: string | null;
  ville: string | null;
  siteweb: string | null;
  type_don: string | null;
  message: string;
  status: 'new' | 'handled';
  created_at: Date;
}

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export async function insertPartnerRequest(trx: Trx, request: PartnerRequestBody): Promise<PartnerRequestRow> {
  const [row] = await trx('partner_requests')
    .insert({
      entreprise: request.entreprise.trim(),
      contact: request.contact.trim(),
      email: request.email.trim(),
      telephone: orNull(request.telephone),
      code_postal: orNull(request.code_postal),
      ville: orNull(request.ville),
      siteweb: orNull(request.siteweb),
      type_don: orNull(request.typeDon),
      message: request.message?.trim() ?? '',
    })
    .returning('*');
  return row as PartnerRequestRow;
}

export const listPartnerRequests = (db: Db): Promise<PartnerRequestRow[]> => db('partner_requests').orderBy('id');

/** Partner contacts are kept three years after the request (CNIL guidance for prospects). */
export const purgeOldPartnerRequests = (db: Db): Promise<number> =>
  db('partner_requests').where('created_at', '<', db.raw("now() - interval '3 years'")).delete();
