import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@shop/shared/contracts/users';
import { callApi } from '@/lib/api-client';
import { toProfile } from '@/lib/domain/profile';
import { queryKeys } from '@/lib/queries/query-keys';

/** Answers the saved profile. The body keeps the wire names: the form's fields are the body's. */
const updateProfile = async (email: string, body: UpdateProfileBody) =>
  toProfile(await callApi('PUT /current-user/:email', { params: { email }, body }));

/** Saves all seven fields of one's own profile; the profile refetches afterwards. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(email, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /current-user') }),
  });
}
