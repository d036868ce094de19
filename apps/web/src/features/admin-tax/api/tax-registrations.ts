import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTaxRegistrationBody, UpdateTaxRegistrationBody } from '@shop/shared/contracts/tax';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/*
 * The shop's tax registrations (docs/behaviour.md §5.22), for its admins: GET and POST
 * /tax-registration, PATCH and DELETE /tax-registration/:id. Every change refetches the list, and
 * the tax a cart would pay (the admin's own checkout, should they have one open).
 */

export const useTaxRegistrations = () =>
  useQuery({
    queryKey: queryKeys.answer('GET /tax-registration'),
    queryFn: ({ signal }) => callApi('GET /tax-registration', { signal }),
  });

function useRegistrationChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all(
        (['GET /tax-registration', 'GET /cart/tax'] as const).map((route) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.route(route) }),
        ),
      ),
  });
}

export const useAddTaxRegistration = () =>
  useRegistrationChange((body: CreateTaxRegistrationBody) => callApi('POST /tax-registration', { body }));

export const useUpdateTaxRegistration = () =>
  useRegistrationChange(({ id, body }: { id: string; body: UpdateTaxRegistrationBody }) =>
    callApi('PATCH /tax-registration/:id', { params: { id }, body }),
  );

export const useEndTaxRegistration = () =>
  useRegistrationChange((id: string) => callApi('DELETE /tax-registration/:id', { params: { id } }));
