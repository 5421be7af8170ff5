/** The shell's client for the contact service: the public forms and the admins' inbox. */
import type { ContactMessageBody, FormAnswer, InboxItem, InboxStatus, PartnerRequestBody } from '@kermesse/contracts-contact';
import { gateway, publicGateway } from '../api';

/** The partner form as the page holds it: every field of the contract's request, empty when not filled in. */
export type PartnerRequestForm = Required<PartnerRequestBody>;

export const contactApi = {
  /** `POST /api/partner/sendByEmail` (docs/spec.md §7): empty optional fields are left out. */
  sendPartnerRequest: (form: PartnerRequestForm) =>
    publicGateway.post<FormAnswer>(
      '/api/partner/sendByEmail',
      Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== '')) as PartnerRequestBody,
    ),
  sendMessage: (body: ContactMessageBody) => publicGateway.post<FormAnswer>('/api/contact', body),
  inbox: () => gateway.get<{ items: InboxItem[] }>('/api/admin/contact/inbox').then((answer) => answer.items),
  setStatus: (item: Pick<InboxItem, 'kind' | 'id'>, status: InboxStatus) =>
    gateway.put(`/api/admin/contact/inbox/${item.kind}/${item.id}`, { status }),
};
