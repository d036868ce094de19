import type { CreateAddressBody } from '@shop/shared/contracts/addresses';
import type { ApplyForCompanyBody, CreateInvitationBody } from '@shop/shared/contracts/companies';
import type { PutCompanyTermsBody } from '@shop/shared/contracts/invoices';
import { apiExpect, asAdmin, newCustomer, unique, type TestUser } from './api';
import { linkPathUnder, nextMailTo } from './mail';

/**
 * Trade set-up through the API, for journeys whose screens are about something else: a
 * customer's address, a company opened and approved, its members with their roles and limits,
 * its payment terms. The journeys that are about these (trade-accounts' application and
 * invitations, invoices' terms) do them on screen.
 */

/** An address of the person's book, in Leeds unless `fields` say otherwise; a line of its own. */
export function addAddress(person: TestUser, fields: Partial<CreateAddressBody> = {}) {
  return apiExpect(201, 'POST /address', {
    as: person,
    body: {
      name: person.name,
      line1: `${unique()} Trade Park`,
      city: 'Leeds',
      postalCode: 'LS2 7AB',
      country: 'GB',
      phone: '+44 113 496 0001',
      ...fields,
    },
  });
}

export interface TradeCompany {
  id: string;
  name: string;
  /** The applicant, the company's admin once it is approved. */
  owner: TestUser;
  /** The first line of the billing address (in the owner's book too). */
  addressLine: string;
}

export interface CompanyOptions {
  /** The company's name; `${firstName} Trading ${unique} Ltd` unless given. */
  name?: string;
  /** The billing address, added to the owner's book (addAddress's fields). */
  address?: Partial<CreateAddressBody>;
  /** What the application says besides its name and address. */
  application?: Partial<Omit<ApplyForCompanyBody, 'name' | 'addressId'>>;
  /** Approved by the shop's admin unless false (a journey may approve it on screen). */
  approve?: boolean;
}

/**
 * A company whose owner, a new customer named `firstName`, applied for a trade account with an
 * address of their book, approved by the shop's admin: the owner is its company admin.
 */
export async function openCompany(firstName: string, options: CompanyOptions = {}): Promise<TradeCompany> {
  const owner = await newCustomer(firstName);
  const name = options.name ?? `${firstName} Trading ${unique()} Ltd`;
  const address = await addAddress(owner, options.address);
  const applied = await apiExpect(201, 'POST /company', {
    as: owner,
    body: {
      name,
      taxNumber: 'GB 246 8101 21',
      phone: address.phone,
      monthlyVolume: '1000-5000',
      ...options.application,
      addressId: address._id,
    },
  });
  if (options.approve !== false) {
    await apiExpect(200, 'PATCH /company/:id', {
      as: await asAdmin(),
      params: { id: applied.id },
      body: { decision: 'approve' },
    });
  }
  return { id: applied.id, name, owner, addressLine: address.line1 };
}

/**
 * A new customer named `firstName` made a member of the company as its owner would: invited
 * with a role (and a limit per order), and the invitation accepted from its mail's link.
 */
export async function addMember(
  company: TradeCompany,
  firstName: string,
  invitation: Omit<CreateInvitationBody, 'email'>,
): Promise<TestUser> {
  const member = await newCustomer(firstName);
  await apiExpect(201, 'POST /company/:id/invitation', {
    as: company.owner,
    params: { id: company.id },
    body: { ...invitation, email: member.email },
  });
  const mail = await nextMailTo(member.email, `invites you to ${company.name}`);
  const token = linkPathUnder(mail, '/invitation/').split('/').pop()!;
  await apiExpect(200, 'POST /invitation/:token/accept', { as: member, params: { token } });
  return member;
}

/** Payment terms given by the shop's admin: its buyers may then pay by invoice (docs/behaviour.md §5.23). */
export async function giveTerms(company: TradeCompany, terms: PutCompanyTermsBody) {
  return apiExpect(200, 'PUT /company/:id/terms', {
    as: await asAdmin(),
    params: { id: company.id },
    body: terms,
  });
}
