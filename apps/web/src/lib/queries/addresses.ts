import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAddressBody, UpdateAddressBody } from '@shop/shared/contracts/addresses';
import { callApi } from '../api-client';
import { toAddress } from '../domain/address';
import { queryKeys } from './query-keys';

/*
 * The address book (GET/POST /address, PATCH/DELETE /address/{id}): My Profile's address book
 * and checkout both read and change it, so it sits here below the features.
 */

const addressesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /address'),
    queryFn: async ({ signal }) => (await callApi('GET /address', { signal })).map(toAddress),
  });

/** The signed-in account's addresses, the default first. */
export const useAddresses = () => useQuery(addressesQueryOptions());

/**
 * Every change refetches the book: making one address the default changes another. An address
 * moved elsewhere may pay another tax: checkout's tax per address is read again too.
 */
function useAddressChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all(
        (['GET /address', 'GET /cart/tax'] as const).map((route) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.route(route) }),
        ),
      ),
  });
}

export const useCreateAddress = () =>
  useAddressChange(async (body: CreateAddressBody) => toAddress(await callApi('POST /address', { body })));

export const useUpdateAddress = () =>
  useAddressChange(async ({ id, body }: { id: string; body: UpdateAddressBody }) =>
    toAddress(await callApi('PATCH /address/:id', { params: { id }, body })),
  );

export const useDeleteAddress = () =>
  useAddressChange((id: string) => callApi('DELETE /address/:id', { params: { id } }));
