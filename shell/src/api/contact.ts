/** The shell's client for the contact service: the public forms and the admins' inbox. */
import type { ContactMessageBody, InboxItem, InboxStatus } from '@kermesse/contracts-contact';
import type { DonationType } from '@kermesse/contracts-contact/labels';
import { gateway, publicGateway } from '../api';

export interface PartnerRequestForm {
  entreprise: string;
  contact: string;
  email: string;
  telephone: string;
  code_postal: string;
  ville: string;
  siteweb: string;
  typeDon: DonationType;
  message: string;
}

export const contactApi = {
  /** `POST /api/partner/sendByEmail` (SPEC §7): empty optional fields are left out. */
  sendPartnerRequest: (form: PartnerRequestForm) =>
    publicGateway.post('/api/partner/sendByEmail', Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== ''))),
  sendMessage: (body: ContactMessageBody) => publicGateway.post('/api/contact', body),
  inbox: () => gateway.get<{ items: InboxItem[] }>('/api/admin/contact/inbox').then((answer) => answer.items),
  setStatus: (item: Pick<InboxItem, 'kind' | 'id'>, status: InboxStatus) => gateway.put(`/api/admin/contact/inbox/${item.kind}/${item.id}`, { status }),
};
