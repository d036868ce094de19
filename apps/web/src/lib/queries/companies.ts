import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteInput, RouteKey } from '@shop/shared/api/routes';
import type {
  ApplyForCompanyBody,
  CreateInvitationBody,
  DecideCompanyBody,
  PutContractPriceBody,
  UpdateMemberBody,
} from '@shop/shared/contracts/companies';
import type { CompanyAddressBody } from '@shop/shared/contracts/addresses';
import { callApi } from '../api-client';
import { queryKeys } from './query-keys';

/*
 * Trade accounts (docs/behaviour.md §3.15, §4.18, §4.19, §5.21): the member's company page, the
 * invitation page, the back office's Companies pages and the order pages all read and change
 * them, so they sit here below the features. Every change refetches what it makes stale: the
 * company routes, and the catalogue and cart when prices or membership change.
 */

/** GET /company/mine: the caller's company and role, or their latest application. */
const myCompanyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /company/mine'),
    queryFn: ({ signal }) => callApi('GET /company/mine', { signal }),
  });

export const useMyCompany = ({ enabled = true } = {}) => useQuery({ ...myCompanyQueryOptions(), enabled });

export const useCompany = (id: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id', { id }),
    queryFn: ({ signal }) => callApi('GET /company/:id', { params: { id }, signal }),
  });

export const useCompanies = (query: RouteInput<'GET /company'>['query'] = {}) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company', query),
    queryFn: ({ signal }) => callApi('GET /company', { query, signal }),
  });

export const useMembers = (id: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id/member', { id }),
    queryFn: ({ signal }) => callApi('GET /company/:id/member', { params: { id }, signal }),
  });

export const useInvitations = (id: string, { enabled = true } = {}) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id/invitation', { id }),
    queryFn: ({ signal }) => callApi('GET /company/:id/invitation', { params: { id }, signal }),
    enabled,
  });

/** The addresses the company's members share; checkout asks only for a member's company. */
export const useCompanyAddresses = (id: string, { enabled = true } = {}) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id/address', { id }),
    queryFn: ({ signal }) => callApi('GET /company/:id/address', { params: { id }, signal }),
    enabled,
  });

export const useContractPrices = (id: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id/price', { id }),
    queryFn: ({ signal }) => callApi('GET /company/:id/price', { params: { id }, signal }),
  });

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /invitation/:token', { token }),
    queryFn: ({ signal }) => callApi('GET /invitation/:token', { params: { token }, signal }),
    retry: false,
  });

/** The company routes a change can make stale, and what prices and roles reach beyond them. */
const companyRoutes: RouteKey[] = [
  'GET /company/mine',
  'GET /company',
  'GET /company/:id',
  'GET /company/:id/member',
  'GET /company/:id/invitation',
  'GET /company/:id/price',
  'GET /company/:id/address',
];
const priceReaders: RouteKey[] = [
  'GET /tool',
  'GET /tool/:id',
  'GET /cart',
  'GET /cart/tax',
  'GET /my-order',
];

function useCompanyChange<Input, Answer>(change: (input: Input) => Promise<Answer>, { prices = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all(
        [...companyRoutes, ...(prices ? priceReaders : [])].map((route) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.route(route) }),
        ),
      ),
  });
}

export const useApplyForCompany = () =>
  useCompanyChange((body: ApplyForCompanyBody) => callApi('POST /company', { body }));

/** Joining a company changes the prices the member sees, and the orders My Orders lists. */
export const useAcceptInvitation = () =>
  useCompanyChange((token: string) => callApi('POST /invitation/:token/accept', { params: { token } }), {
    prices: true,
  });

export const useUpdateMember = (id: string) =>
  useCompanyChange(({ userId, body }: { userId: string; body: UpdateMemberBody }) =>
    callApi('PATCH /company/:id/member/:userId', { params: { id, userId }, body }),
  );

export const useRemoveMember = (id: string) =>
  useCompanyChange(
    (userId: string) => callApi('DELETE /company/:id/member/:userId', { params: { id, userId } }),
    { prices: true },
  );

export const useInvite = (id: string) =>
  useCompanyChange((body: CreateInvitationBody) =>
    callApi('POST /company/:id/invitation', { params: { id }, body }),
  );

export const useWithdrawInvitation = (id: string) =>
  useCompanyChange((invitationId: string) =>
    callApi('DELETE /company/:id/invitation/:invitationId', { params: { id, invitationId } }),
  );

export const useAddCompanyAddress = (id: string) =>
  useCompanyChange((body: CompanyAddressBody) =>
    callApi('POST /company/:id/address', { params: { id }, body }),
  );

export const useDeleteCompanyAddress = (id: string) =>
  useCompanyChange((addressId: string) =>
    callApi('DELETE /company/:id/address/:addressId', { params: { id, addressId } }),
  );

export const useDecideCompany = (id: string) =>
  useCompanyChange((body: DecideCompanyBody) => callApi('PATCH /company/:id', { params: { id }, body }));

export const usePutContractPrice = (id: string) =>
  useCompanyChange(
    ({ toolId, body }: { toolId: string; body: PutContractPriceBody }) =>
      callApi('PUT /company/:id/price/:toolId', { params: { id, toolId }, body }),
    { prices: true },
  );

export const useDeleteContractPrice = (id: string) =>
  useCompanyChange(
    (toolId: string) => callApi('DELETE /company/:id/price/:toolId', { params: { id, toolId } }),
    { prices: true },
  );
