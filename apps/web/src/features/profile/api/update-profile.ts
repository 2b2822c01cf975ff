import { useMutation } from '@tanstack/react-query';
import type { UserCenterInput } from '@water/contract/users';
import { apiClient } from '@/lib/api-client.ts';
import { refreshUser } from './refresh-user.ts';

/** `PUT api/users/center` → 204: one's own nickname, gender and phone. */
export async function updateProfile(input: UserCenterInput): Promise<void> {
  await apiClient.put('api/users/center', input, { errorNotice: 'network' });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: refreshUser });
}
