import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Profile, UpdateProfileBody } from '@shop/shared/contracts/users';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

export const updateProfile = (email: string, body: UpdateProfileBody) =>
  apiRequest<Profile>(apiPaths.updateCurrentUser(email), { method: 'PUT', body });

/** Saves all seven fields of one's own profile; the profile refetches afterwards. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(email, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
