import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@shop/shared/contracts/users';
import { callApi } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

export const updateProfile = (email: string, body: UpdateProfileBody) =>
  callApi('PUT /current-user/:email', { params: { email }, body });

/** Saves all seven fields of one's own profile; the profile refetches afterwards. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(email, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
