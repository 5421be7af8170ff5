/** The shell's client for the contact service: the public forms and the admins' inbox. */
import type { Answer, Body } from '@kermesse/contracts-common/api';
import { gateway, publicGateway } from '../api';

type PartnerRequestBody = Body<'/api/partner/sendByEmail', 'post'>;
/** The partner form as the page holds it: every field of the request, empty when not filled in. */
export type PartnerRequestForm = Required<PartnerRequestBody>;
export type InboxItem = Answer<'/api/admin/contact/inbox', 'get'>['items'][number];
export type InboxStatus = Body<'/api/admin/contact/inbox/{kind}/{id}', 'put'>['status'];

export const contactApi = {
  /** `POST /api/partner/sendByEmail` (docs/spec.md §7): empty optional fields are left out. */
  sendPartnerRequest: (form: PartnerRequestForm) =>
    publicGateway.post<Answer<'/api/partner/sendByEmail', 'post', 201>>(
      '/api/partner/sendByEmail',
      Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== '')) as PartnerRequestBody,
    ),
  sendMessage: (body: Body<'/api/contact', 'post'>) => publicGateway.post<Answer<'/api/contact', 'post', 201>>('/api/contact', body),
  inbox: () => gateway.get<Answer<'/api/admin/contact/inbox', 'get'>>('/api/admin/contact/inbox').then((answer) => answer.items),
  setStatus: (item: Pick<InboxItem, 'kind' | 'id'>, status: InboxStatus) =>
    gateway.put<Answer<'/api/admin/contact/inbox/{kind}/{id}', 'put'>>(`/api/admin/contact/inbox/${item.kind}/${item.id}`, { status }),
};
